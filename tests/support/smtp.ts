import { EventEmitter } from 'node:events'
import { createServer } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A message as the SMTP server received it, parsed by mailparser. */
export type CapturedMail = {
  to: string
  from: string
  subject: string
  text: string
  html: string
  messageId: string
}

export type SmtpSink = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string
  /** Every message received so far, in order. */
  messages: CapturedMail[]
  /** The `index`-th message to `to` (0: the first), waiting until it arrives. */
  mailTo(to: string, index?: number): Promise<CapturedMail>
  /** Stops listening, as a mail server that goes down; `up` listens again on the same port. */
  down(): Promise<void>
  up(): Promise<void>
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/**
 * A real SMTP server on 127.0.0.1 in the test process (smtp-server), each message parsed with
 * mailparser. Plain SMTP without STARTTLS or AUTH, as a local relay would take it. `listening:
 * false` gives its URL with nothing listening yet: an SMTP server that is down until `up()`.
 */
export async function startSmtpSink(options: { listening?: boolean } = {}): Promise<SmtpSink> {
  const port = await freePort()
  const messages: CapturedMail[] = []
  const arrived = new EventEmitter()
  let server: SMTPServer | null = null

  const up = async () => {
    const fresh = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to
            messages.push({
              to: (to?.value[0]?.address ?? '').toLowerCase(),
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
            })
            arrived.emit('message')
            callback()
          },
          (error: Error) => callback(error),
        )
      },
    })
    await new Promise<void>((resolve, reject) => {
      fresh.once('error', reject)
      fresh.listen(port, '127.0.0.1', () => resolve())
    })
    server = fresh
  }
  const down = async () => {
    const current = server
    server = null
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
  }
  if (options.listening !== false) await up()

  const found = (to: string, index: number) =>
    messages.filter((message) => message.to === to.toLowerCase())[index]

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailTo(to, index = 0) {
      return new Promise((resolve) => {
        const check = () => {
          const message = found(to, index)
          if (!message) return
          arrived.off('message', check)
          resolve(message)
        }
        arrived.on('message', check)
        check()
      })
    },
    down,
    up,
    stop: down,
  }
}

/** The link to `path` in a message's text (its HTML holds the same), as a URL. */
export function linkIn(mail: CapturedMail, path: string): URL {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path}(?:\\?[^\\s]*)?`))
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`)
  return new URL(match[0])
}

/** The token of the message's link to `path`. */
export function tokenIn(mail: CapturedMail, path: string): string {
  const token = linkIn(mail, path).searchParams.get('token')
  if (!token) throw new Error(`the ${path} link in "${mail.subject}" has no token`)
  return token
}
