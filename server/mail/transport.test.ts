import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { composeMail } from './compose'
import { retryDelayMs } from './queue'
import { outboxTransport } from './transport'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function logged() {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) })
  return { logger, lines }
}

const mail = composeMail({
  to: 'ada@example.com',
  subject: 'Reset your <Coinvera> password',
  paragraphs: ['Someone asked & we answered.'],
  action: { label: 'Choose a new password', url: 'https://coinvera.test/reset-password?token=abc' },
})

describe('the outbox writer', () => {
  it('writes each message as an .eml file a mail program opens, and logs where', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'coinvera-outbox-')), 'outbox')
    dirs.push(dir)
    const { logger, lines } = logged()
    const outbox = outboxTransport(dir, 'Coinvera <no-reply@coinvera.test>', logger)
    expect(outbox.destination).toBe(dir)
    await outbox.send('0b6f4a0e-1', mail)

    expect(readdirSync(dir)).toEqual(['0b6f4a0e-1.eml'])
    const file = join(dir, '0b6f4a0e-1.eml')
    // Only the server's user reads it: the link in it is a credential.
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    const parsed = await simpleParser(readFileSync(file))
    expect(parsed.subject).toBe('Reset your <Coinvera> password')
    expect(parsed.from?.value).toEqual([{ name: 'Coinvera', address: 'no-reply@coinvera.test' }])
    expect(parsed.messageId).toBe('<0b6f4a0e-1@coinvera.test>')
    expect(parsed.text).toContain('https://coinvera.test/reset-password?token=abc')
    expect(parsed.html).toContain(
      '<a href="https://coinvera.test/reset-password?token=abc">Choose a new password</a>',
    )
    expect(parsed.html).toContain('Someone asked &amp; we answered.')
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'mail written to the outbox', file }),
    )
  })

  it('writes a message sent again over the same file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinvera-outbox-'))
    dirs.push(dir)
    const outbox = outboxTransport(dir, 'no-reply@localhost', logged().logger)
    await outbox.send('same-id', mail)
    await outbox.send('same-id', mail)
    expect(readdirSync(dir)).toEqual(['same-id.eml'])
  })
})

describe('retries', () => {
  it('come within a minute at first, then back off to an hour', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([5000, 15_000, 45_000])
    expect(retryDelayMs(1) + retryDelayMs(2)).toBeLessThan(60_000)
    expect(retryDelayMs(19)).toBe(60 * 60_000)
  })
})
