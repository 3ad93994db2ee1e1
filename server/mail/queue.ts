import { randomUUID } from 'node:crypto'
import type { Clock } from '../clock'
import type { Queryable } from '../db/client'
import type { Logger } from '../logger'
import type { Mail, MailTransport } from './transport'

/** How long a sender holds a claimed message: longer than the SMTP timeouts of one send. */
export const CLAIM_MS = 2 * 60_000
/** Tries at most, over about 16 hours; then the message is dropped with an error in the log. */
export const MAX_ATTEMPTS = 20
/** How often each instance looks for due messages another instance queued, or a retry. */
export const POLL_MS = 5000
const BATCH = 10

/** Wait before the next try after `attempts` failed ones: 5 s, 15 s, 45 s, … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5000 * 3 ** Math.max(0, attempts - 1), 60 * 60_000)
}

export type EnqueueOptions = {
  /** When the message is worth nothing any more (the link in it expires): dropped if unsent. */
  discardAfter?: Date
  /** The account it is about: deleting the account drops the message if unsent. */
  accountId?: string
}

/**
 * Queues a message in `mail_outbox`; a sender (`MailSender`) sends it. Durable at once: a restart,
 * or an SMTP server that is down, loses nothing. Takes a connection, so it can join a transaction.
 */
export async function enqueue(
  db: Queryable,
  clock: Clock,
  mail: Mail,
  options: EnqueueOptions = {},
): Promise<string> {
  const id = randomUUID()
  const now = clock.now()
  await db.query(
    `INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body, created_at, discard_after, next_attempt_at, account_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $8)`,
    [
      id,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      now,
      options.discardAfter?.getTime() ?? null,
      options.accountId ?? null,
    ],
  )
  return id
}

/**
 * Queues several messages with one multi-row INSERT (the emails of one refresh's fired alerts),
 * inside the caller's transaction as `enqueue`.
 */
export async function enqueueAll(
  db: Queryable,
  clock: Clock,
  mails: readonly { accountId: string; mail: Mail }[],
): Promise<void> {
  if (mails.length === 0) return
  await db.query(
    `INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body, created_at, next_attempt_at, account_id)
     SELECT m.id, m.recipient, m.subject, m.text_body, m.html_body, $6::bigint, $6::bigint, m.account_id
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $7::uuid[])
       AS m (id, recipient, subject, text_body, html_body, account_id)`,
    [
      mails.map(() => randomUUID()),
      mails.map(({ mail }) => mail.to),
      mails.map(({ mail }) => mail.subject),
      mails.map(({ mail }) => mail.text),
      mails.map(({ mail }) => mail.html),
      clock.now(),
      mails.map(({ accountId }) => accountId),
    ],
  )
}

type Claimed = {
  id: string
  recipient: string
  subject: string
  text_body: string
  html_body: string
  attempts: number
}

/**
 * Sends what the queue holds, on every instance. Each message is handed to exactly one sender: a
 * claim is one UPDATE of rows picked `FOR UPDATE SKIP LOCKED` and not claimed by anyone else,
 * which sets `claimed_until`; a sender that dies lets its claim run out, and another takes it.
 * A failed send is tried again after `retryDelayMs`; an SMTP 5xx answer (the address does not
 * exist) is not.
 */
export class MailSender {
  readonly #db: Queryable
  readonly #clock: Clock
  readonly #transport: MailTransport
  readonly #logger: Logger
  readonly #pollMs: number
  #timer: NodeJS.Timeout | null = null
  #running: Promise<void> | null = null
  #again = false
  #stopped = false

  constructor(deps: {
    db: Queryable
    clock: Clock
    transport: MailTransport
    logger: Logger
    pollMs?: number
  }) {
    this.#db = deps.db
    this.#clock = deps.clock
    this.#transport = deps.transport
    this.#logger = deps.logger
    this.#pollMs = deps.pollMs ?? POLL_MS
  }

  /** Starts polling, with a first look at once (messages left by a previous run). */
  start(): void {
    this.wake()
  }

  /** Looks for due messages now: this instance just queued one. */
  wake(): void {
    if (this.#stopped) return
    if (this.#running) {
      this.#again = true
      return
    }
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#running = this.#drain().finally(() => {
      this.#running = null
      if (this.#stopped) return
      if (this.#again) {
        this.#again = false
        this.wake()
        return
      }
      this.#timer = setTimeout(() => this.wake(), this.#pollMs)
      this.#timer.unref()
    })
  }

  /** Stops polling and waits for the sends under way. */
  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    await this.#running
    this.#transport.close()
  }

  async #drain(): Promise<void> {
    try {
      for (;;) {
        const claimed = await this.#claim()
        for (const message of claimed) await this.#send(message)
        if (claimed.length < BATCH || this.#stopped) return
      }
    } catch (error) {
      // The database is away: the next poll tries again.
      this.#logger.warn({ error: (error as Error).message }, 'mail queue unavailable')
    }
  }

  async #claim(): Promise<Claimed[]> {
    const now = this.#clock.now()
    const { rows: dropped } = await this.#db.query<{ id: string }>(
      'DELETE FROM mail_outbox WHERE discard_after <= $1 RETURNING id',
      [now],
    )
    for (const { id } of dropped) {
      this.#logger.warn({ mailId: id }, 'mail dropped unsent: its content expired')
    }
    const { rows } = await this.#db.query<Claimed>(
      `UPDATE mail_outbox SET claimed_until = $1::bigint + $2::bigint, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
         ORDER BY next_attempt_at
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       RETURNING id, recipient, subject, text_body, html_body, attempts`,
      [now, CLAIM_MS, BATCH],
    )
    return rows
  }

  async #send(message: Claimed): Promise<void> {
    const mail = {
      to: message.recipient,
      subject: message.subject,
      text: message.text_body,
      html: message.html_body,
    }
    try {
      await this.#transport.send(message.id, mail)
    } catch (error) {
      await this.#failed(message, error)
      return
    }
    await this.#db.query('DELETE FROM mail_outbox WHERE id = $1', [message.id])
    this.#logger.info({ mailId: message.id, attempts: message.attempts }, 'mail sent')
  }

  async #failed(message: Claimed, error: unknown): Promise<void> {
    // The error's code and SMTP status only: its text may quote the recipient's address.
    const { code, responseCode } = error as { code?: string; responseCode?: number }
    const reason = [code, responseCode].filter(Boolean).join(' ') || 'unknown'
    const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600
    if (permanent || message.attempts >= MAX_ATTEMPTS) {
      await this.#db.query('DELETE FROM mail_outbox WHERE id = $1', [message.id])
      this.#logger.error(
        { mailId: message.id, attempts: message.attempts, reason },
        'mail dropped: it could not be sent',
      )
      return
    }
    const delayMs = retryDelayMs(message.attempts)
    await this.#db.query(
      `UPDATE mail_outbox SET next_attempt_at = $2, claimed_until = NULL, last_error = $3
       WHERE id = $1`,
      [message.id, this.#clock.now() + delayMs, reason],
    )
    this.#logger.warn(
      { mailId: message.id, attempts: message.attempts, reason, retryInS: delayMs / 1000 },
      'mail not sent; will try again',
    )
  }
}
