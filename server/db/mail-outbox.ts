import type { Queryable } from './client'

/** A message as the outbox keeps it (server/mail/transport.ts's `Mail`). */
export type OutboxMail = { to: string; subject: string; text: string; html: string }

/** A message a sender claimed: its content, and how many tries it has had, this one included. */
export type ClaimedMail = {
  id: string
  recipient: string
  subject: string
  text_body: string
  html_body: string
  attempts: number
}

/**
 * `mail_outbox`: the messages waiting to be sent, durable across restarts. Times are epoch
 * milliseconds. Takes a connection, so a caller can queue inside its own transaction.
 */
export type MailOutboxStore = {
  insert(
    message: {
      id: string
      mail: OutboxMail
      accountId: string | null
      discardAfter: number | null
    },
    now: number,
  ): Promise<void>
  /** Several messages in one multi-row statement, due at once. */
  insertAll(
    messages: readonly { id: string; mail: OutboxMail; accountId: string }[],
    now: number,
  ): Promise<void>
  /** Deletes the unsent messages whose content has expired; answers their ids. */
  dropExpired(now: number): Promise<string[]>
  /**
   * Claims up to `batch` due messages that nobody else holds, for `claimMs`, counting a try for
   * each. Rows are picked `FOR UPDATE SKIP LOCKED`, so two senders never claim the same one.
   */
  claim(now: number, claimMs: number, batch: number): Promise<ClaimedMail[]>
  delete(id: string): Promise<void>
  /** Frees a claimed message for another try at `nextAttemptAt`, noting why this one failed. */
  retryAt(id: string, nextAttemptAt: number, reason: string): Promise<void>
}

export function mailOutboxStore(db: Queryable): MailOutboxStore {
  return {
    async insert({ id, mail, accountId, discardAfter }, now) {
      await db.query(
        `INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body, created_at, discard_after, next_attempt_at, account_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $8)`,
        [id, mail.to, mail.subject, mail.text, mail.html, now, discardAfter, accountId],
      )
    },
    async insertAll(messages, now) {
      if (messages.length === 0) return
      await db.query(
        `INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body, created_at, next_attempt_at, account_id)
         SELECT m.id, m.recipient, m.subject, m.text_body, m.html_body, $6::bigint, $6::bigint, m.account_id
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $7::uuid[])
           AS m (id, recipient, subject, text_body, html_body, account_id)`,
        [
          messages.map(({ id }) => id),
          messages.map(({ mail }) => mail.to),
          messages.map(({ mail }) => mail.subject),
          messages.map(({ mail }) => mail.text),
          messages.map(({ mail }) => mail.html),
          now,
          messages.map(({ accountId }) => accountId),
        ],
      )
    },
    async dropExpired(now) {
      const { rows } = await db.query<{ id: string }>(
        'DELETE FROM mail_outbox WHERE discard_after <= $1 RETURNING id',
        [now],
      )
      return rows.map((row) => row.id)
    },
    async claim(now, claimMs, batch) {
      const { rows } = await db.query<ClaimedMail>(
        `UPDATE mail_outbox SET claimed_until = $1::bigint + $2::bigint, attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM mail_outbox
           WHERE next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
           ORDER BY next_attempt_at
           LIMIT $3
           FOR UPDATE SKIP LOCKED
         )
         RETURNING id, recipient, subject, text_body, html_body, attempts`,
        [now, claimMs, batch],
      )
      return rows
    },
    async delete(id) {
      await db.query('DELETE FROM mail_outbox WHERE id = $1', [id])
    },
    async retryAt(id, nextAttemptAt, reason) {
      await db.query(
        `UPDATE mail_outbox SET next_attempt_at = $2, claimed_until = NULL, last_error = $3
         WHERE id = $1`,
        [id, nextAttemptAt, reason],
      )
    },
  }
}
