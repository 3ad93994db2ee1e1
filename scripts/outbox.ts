// `npm run outbox [address]`: the mail the site wrote to DATA_DIR/outbox (when no SMTP_URL is
// set), oldest first, decoded. The files are MIME with quoted-printable bodies, whose long lines
// are cut with `=`: a link copied from the raw file is broken, so each message's links are
// listed whole, ready to open.
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { simpleParser } from 'mailparser'

export type OutboxMessage = {
  file: string
  date: Date | undefined
  to: string
  subject: string
  text: string
  links: string[]
}

/** Every `.eml` in `dir`, parsed, oldest first; none when the folder does not exist. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  const messages = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => {
        const file = join(dir, name)
        const [mail, { mtimeMs }] = await Promise.all([
          simpleParser(await readFile(file)),
          stat(file),
        ])
        const text = mail.text ?? ''
        return {
          message: {
            file,
            date: mail.date,
            to: [mail.to ?? []]
              .flat()
              .map((address) => address.text)
              .join(', '),
            subject: mail.subject ?? '',
            text,
            links: [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
          },
          // The Date header counts whole seconds: the file's time, then its name, break ties.
          order: [mail.date?.getTime() ?? 0, mtimeMs, name] as const,
        }
      }),
  )
  const before = (a: readonly [number, number, string], b: readonly [number, number, string]) =>
    a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2])
  return messages.sort((a, b) => before(a.order, b.order)).map(({ message }) => message)
}

/** One message as the terminal shows it: who, when, what, the text, then its links. */
export function describeMessage(message: OutboxMessage): string {
  const indent = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => (line ? `    ${line}` : ''))
      .join('\n')
  return [
    `${message.date?.toISOString() ?? 'no date'}  to ${message.to}`,
    `  ${message.subject}`,
    '',
    indent(message.text),
    '',
    ...(message.links.length ? ['  Links:', ...message.links.map((link) => `    ${link}`)] : []),
    `  (${message.file})`,
  ].join('\n')
}

async function main() {
  // As the server reads it: an empty DATA_DIR means the default.
  const dir = resolve(process.env.DATA_DIR || 'data', 'outbox')
  const to = process.argv[2]?.toLowerCase()
  const messages = (await readOutbox(dir)).filter(
    (message) => !to || message.to.toLowerCase().includes(to),
  )
  if (messages.length === 0) {
    console.log(`No mail${to ? ` to ${to}` : ''} in ${dir}.`)
    return
  }
  console.log(messages.map(describeMessage).join(`\n\n${'─'.repeat(72)}\n\n`))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
