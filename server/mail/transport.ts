import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { Logger } from '../logger'

/** A message as the queue holds it: plain text and simple HTML, to one recipient. */
export type Mail = { to: string; subject: string; text: string; html: string }

/** Where messages go: a real SMTP server, or files in the outbox folder. */
export type MailTransport = {
  /** Sends the message; `id` is the queue's, so a message sent twice is recognisably one. */
  send(id: string, mail: Mail): Promise<void>
  /** Where messages go, for the start-up log line (never the credentials). */
  readonly destination: string
  close(): void
}

/**
 * The SMTP server of `SMTP_URL`, one connection per message (a few a minute). Timeouts well under
 * the queue's claim (server/mail/queue.ts), so a hung server never makes a message look lost.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = createTransport(
    {
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from },
  )
  const { protocol, host } = new URL(url)
  return {
    destination: `${protocol}//${host}`,
    async send(id, mail) {
      await transporter.sendMail({ ...mail, messageId: messageId(id, from) })
    },
    close: () => transporter.close(),
  }
}

/**
 * Without `SMTP_URL`, every message is written as `<dir>/<time>-<id>.eml`, readable only by the
 * server's user: `npm start` works with no mail server, and a developer opens the link from there.
 */
export function outboxTransport(dir: string, from: string, logger: Logger): MailTransport {
  // nodemailer builds the same MIME message it would send over SMTP.
  const composer = createTransport({ streamTransport: true, buffer: true }, { from })
  return {
    destination: dir,
    async send(id, mail) {
      const info = await composer.sendMail({ ...mail, messageId: messageId(id, from) })
      await mkdir(dir, { recursive: true, mode: 0o700 })
      // The id keeps a message sent again (after a crash) in the same file.
      const file = join(dir, `${id}.eml`)
      await writeFile(file, info.message, { mode: 0o600 })
      logger.info({ file }, 'mail written to the outbox')
    },
    close: () => composer.close(),
  }
}

function messageId(id: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<${id}@${domain}>`
}
