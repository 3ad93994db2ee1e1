import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLogger, type LogLevel, logDestination } from './logger'

function capture(level: LogLevel = 'debug') {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger(level, { write: (line: string) => lines.push(JSON.parse(line)) })
  return { logger, lines }
}

describe('createLogger', () => {
  it('writes one JSON line per entry: ISO time, level as a word, message, then the fields', () => {
    const { logger, lines } = capture()
    logger.info({ requestId: 'r-1', status: 200 }, 'request')
    expect(lines).toEqual([
      { time: expect.any(String), level: 'info', msg: 'request', requestId: 'r-1', status: 200 },
    ])
    expect(Number.isNaN(Date.parse(String(lines[0]?.time)))).toBe(false)
  })

  it('keeps passwords, cookies and authorization headers out, at the top or one level down', () => {
    const { logger, lines } = capture()
    logger.warn(
      {
        password: 'amber-lighthouse-window-8',
        body: { password: 'amber-lighthouse-window-8', email: 'ada@example.com' },
        headers: { cookie: 'coinvera_session=secret', 'set-cookie': 'coinvera_session=secret' },
        req: { headers: { cookie: 'coinvera_session=secret', authorization: 'Bearer secret' } },
      },
      'odd request',
    )
    const text = JSON.stringify(lines)
    expect(text).not.toContain('amber-lighthouse-window-8')
    expect(text).not.toContain('secret')
    expect(lines[0]).toMatchObject({ body: { email: 'ada@example.com' } })
  })

  it('drops entries below the level and writes nothing when silent', () => {
    const warn = capture('warn')
    warn.logger.info('hidden')
    warn.logger.error('shown')
    expect(warn.lines.map((line) => line.msg)).toEqual(['shown'])
    const silent = capture('silent')
    silent.logger.error('hidden')
    expect(silent.lines).toEqual([])
  })

  it('serializes an error with its message and stack', () => {
    const { logger, lines } = capture()
    logger.error({ err: new Error('boom') }, 'request failed')
    expect(lines[0]).toMatchObject({
      err: { type: 'Error', message: 'boom', stack: expect.stringContaining('boom') },
    })
  })

  it('loses no line and keeps their order when many arrive during a write, long ones included', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'coinvera-log-')), 'out.log')
    const destination = logDestination(file)
    await new Promise((resolve) => destination.once('ready', resolve))
    const logger = createLogger('info', destination)
    // Longer than a batch's cap (1 kB): it goes out on its own, whole.
    const long = 'x'.repeat(5000)
    for (let i = 0; i < 3000; i++) logger.info({ i, ...(i % 500 === 7 ? { long } : {}) }, 'line')
    // Ending writes out every batch still waiting, then closes the file.
    const closed = new Promise((resolve) => destination.once('close', resolve))
    destination.end()
    await closed
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 3000 }, (_, i) => i))
    expect(lines.filter((line) => line.long === long)).toHaveLength(6)
  })
})
