import { randomUUID } from 'node:crypto'
import type { Clock } from '../clock'
import type { Queryable } from '../db/client'
import { type ClaimedMail, type MailOutboxStore, mailOutboxStore } from '../db/mail-outbox'
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
  await mailOutboxStore(db).insert(
    {
      id,
      mail,
      accountId: options.accountId ?? null,
      discardAfter: options.discardAfter?.getTime() ?? null,
    },
    clock.now(),
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
  await mailOutboxStore(db).insertAll(
    mails.map(({ accountId, mail }) => ({ id: randomUUID(), accountId, mail })),
    clock.now(),
  )
}

/**
 * Sends what the queue holds, on every instance. Each message is handed to exactly one sender: a
 * claim is one UPDATE of rows picked `FOR UPDATE SKIP LOCKED` and not claimed by anyone else,
 * which sets `claimed_until`; a sender that dies lets its claim run out, and another takes it.
 * A failed send is tried again after `retryDelayMs`; an SMTP 5xx answer (the address does not
 * exist) is not.
 */
export class MailSender {
  readonly #outbox: MailOutboxStore
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
    this.#outbox = mailOutboxStore(deps.db)
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

  async #claim(): Promise<ClaimedMail[]> {
    const now = this.#clock.now()
    for (const id of await this.#outbox.dropExpired(now)) {
      this.#logger.warn({ mailId: id }, 'mail dropped unsent: its content expired')
    }
    return this.#outbox.claim(now, CLAIM_MS, BATCH)
  }

  async #send(message: ClaimedMail): Promise<void> {
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
    await this.#outbox.delete(message.id)
    this.#logger.info({ mailId: message.id, attempts: message.attempts }, 'mail sent')
  }

  async #failed(message: ClaimedMail, error: unknown): Promise<void> {
    // The error's code and SMTP status only: its text may quote the recipient's address.
    const { code, responseCode } = error as { code?: string; responseCode?: number }
    const reason = [code, responseCode].filter(Boolean).join(' ') || 'unknown'
    const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600
    if (permanent || message.attempts >= MAX_ATTEMPTS) {
      await this.#outbox.delete(message.id)
      this.#logger.error(
        { mailId: message.id, attempts: message.attempts, reason },
        'mail dropped: it could not be sent',
      )
      return
    }
    const delayMs = retryDelayMs(message.attempts)
    await this.#outbox.retryAt(message.id, this.#clock.now() + delayMs, reason)
    this.#logger.warn(
      { mailId: message.id, attempts: message.attempts, reason, retryInS: delayMs / 1000 },
      'mail not sent; will try again',
    )
  }
}
