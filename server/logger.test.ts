import { afterEach, describe, expect, it, vi } from 'vitest'
import { batchedWriter, createLogger } from './logger'

afterEach(() => {
  vi.useRealTimers()
})

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('batchedWriter', () => {
  it('writes the lines of one turn together on the next turn, one line each', async () => {
    const chunks: string[] = []
    const { write } = batchedWriter((chunk) => chunks.push(chunk))
    write('a')
    write('b')
    write('c')
    expect(chunks).toEqual([])
    await nextTurn()
    expect(chunks).toEqual(['a\nb\nc\n'])
    write('d')
    await nextTurn()
    expect(chunks).toEqual(['a\nb\nc\n', 'd\n'])
  })

  it('writes at once when too many lines wait, and flush() empties the rest', async () => {
    const chunks: string[] = []
    const { write, flush } = batchedWriter((chunk) => chunks.push(chunk), 3)
    for (const line of ['1', '2', '3', '4']) write(line)
    expect(chunks).toEqual(['1\n2\n3\n'])
    flush()
    expect(chunks).toEqual(['1\n2\n3\n', '4\n'])
    await nextTurn()
    expect(chunks).toHaveLength(2)
  })
})

describe('createLogger', () => {
  it('writes one JSON object per line with time, level, message and fields', () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00.123Z'), toFake: ['Date'] })
    const lines: string[] = []
    const logger = createLogger('info', (line) => lines.push(line))
    logger.info('request', { status: 200, path: '/a"b' })
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] as string)).toEqual({
      time: '2026-05-01T10:00:00.123Z',
      level: 'info',
      msg: 'request',
      status: 200,
      path: '/a"b',
    })
    vi.setSystemTime(new Date('2026-05-01T10:00:01.000Z'))
    logger.warn('later')
    expect(JSON.parse(lines[1] as string).time).toBe('2026-05-01T10:00:01.000Z')
  })

  it('drops levels below its own, and serializes errors with their message', () => {
    const lines: string[] = []
    const logger = createLogger('warn', (line) => lines.push(line))
    logger.debug('no')
    logger.info('no')
    logger.error('failed', { error: new TypeError('boom') })
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] as string).error).toMatchObject({
      name: 'TypeError',
      message: 'boom',
    })
    const silent: string[] = []
    createLogger('silent', (line) => silent.push(line)).error('no')
    expect(silent).toEqual([])
  })
})
