import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../server/logger'
import { composeMail } from '../server/mail/compose'
import { outboxTransport } from '../server/mail/transport'
import { readOutbox } from './outbox'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

// A token long enough that quoted-printable cuts the link's line, as the site's real ones are.
const LINK = `http://localhost:3000/verify-email?token=${'Tk3_x-'.repeat(8)}`

/** An outbox written by the server's own writer: two messages to two addresses. */
async function outbox() {
  dir = mkdtempSync(join(tmpdir(), 'coinvera-outbox-script-'))
  const writer = outboxTransport(
    join(dir, 'outbox'),
    'Coinvera <no-reply@localhost>',
    createLogger('silent'),
  )
  const mail = (to: string, subject: string) =>
    composeMail({
      to,
      subject,
      paragraphs: ['Confirm that this is your email address — once, for 24 hours.'],
      action: { label: 'Confirm your email address', url: LINK },
    })
  await writer.send('first', mail('ada@example.com', 'Confirm your email address for Coinvera'))
  await writer.send('second', mail('bob@example.com', 'Reset your Coinvera password'))
  writer.close()
  return dir
}

describe('npm run outbox', () => {
  it('reads each message decoded, with its links whole', async () => {
    const data = await outbox()
    // The raw file cuts the link (a soft line break, `=3D` for `=`): copied from it, it breaks.
    const raw = readFileSync(join(data, 'outbox', 'first.eml'), 'utf8')
    expect(raw).not.toContain(LINK)

    const messages = await readOutbox(join(data, 'outbox'))
    expect(messages.map(({ to, subject, links }) => ({ to, subject, links }))).toEqual([
      { to: 'ada@example.com', subject: 'Confirm your email address for Coinvera', links: [LINK] },
      { to: 'bob@example.com', subject: 'Reset your Coinvera password', links: [LINK] },
    ])
    expect(messages[0]?.text).toContain('Confirm that this is your email address — once')
  })

  it('lists them in the terminal from DATA_DIR, or only those to an address', async () => {
    const data = await outbox()
    const run = (...args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'scripts/outbox.ts', ...args], {
        env: { ...process.env, DATA_DIR: data },
      })
    const all = (await run()).stdout
    expect(all).toContain('to ada@example.com')
    expect(all).toContain('to bob@example.com')
    expect(all).toContain(`  Links:\n    ${LINK}\n`)
    const ada = (await run('ADA@example.com')).stdout
    expect(ada).toContain('Confirm your email address for Coinvera')
    expect(ada).not.toContain('bob@example.com')
  })

  it('finds no mail when the outbox folder does not exist yet', async () => {
    dir = mkdtempSync(join(tmpdir(), 'coinvera-outbox-script-'))
    expect(await readOutbox(join(dir, 'outbox'))).toEqual([])
  })
})
