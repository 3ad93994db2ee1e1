import { join } from 'node:path'
import type { Clock } from '../clock'
import type { Queryable } from '../db/client'
import type { Logger } from '../logger'
import { type EnqueueOptions, enqueue, MailSender } from './queue'
import { type Mail, type MailTransport, outboxTransport, smtpTransport } from './transport'

/** What the rest of the server uses to send mail: queue a message; this instance sends it soon. */
export type Mailer = {
  enqueue(mail: Mail, options?: EnqueueOptions): Promise<void>
  /** Where messages go: the SMTP server, or the outbox folder. */
  readonly destination: string
  /** Looks for due messages now: one was queued inside a transaction that has committed. */
  wake(): void
  start(): void
  stop(): Promise<void>
}

export function createMailer(deps: {
  db: Queryable
  clock: Clock
  logger: Logger
  smtpUrl: string | undefined
  from: string
  dataDir: string
  pollMs?: number
}): Mailer {
  const transport: MailTransport = deps.smtpUrl
    ? smtpTransport(deps.smtpUrl, deps.from)
    : outboxTransport(join(deps.dataDir, 'outbox'), deps.from, deps.logger)
  const sender = new MailSender({ ...deps, transport })
  return {
    destination: transport.destination,
    async enqueue(mail, options) {
      await enqueue(deps.db, deps.clock, mail, options)
      // The answer that queued it does not wait for the send.
      sender.wake()
    },
    wake: () => sender.wake(),
    start: () => sender.start(),
    stop: () => sender.stop(),
  }
}
