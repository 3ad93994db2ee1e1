// The count of market reads answered from memory: written when its minute ends, even when no
// read comes after it.
import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppEnv } from '../context'
import { createLogger } from '../logger'
import { CACHE_HITS_WINDOW_MS, requestLog } from './request-log'

function appWithLog() {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger('info', {
    write: (line: string) => void lines.push(JSON.parse(line)),
  })
  const app = new Hono<AppEnv>()
  app.use(requestLog(logger, { now: () => Date.now() }))
  app.get('/cached', (c) => {
    c.set('dataSource', 'cache')
    return c.json({ ok: true })
  })
  const counts = () => lines.filter((line) => line.msg === 'market reads from cache')
  return { app, counts }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the count of cached market reads', () => {
  it('is written when the minute ends, with no read after it, and a quiet minute writes none', async () => {
    vi.useFakeTimers()
    const { app, counts } = appWithLog()
    for (let i = 0; i < 3; i++) expect((await app.request('/cached')).status).toBe(200)
    await vi.advanceTimersByTimeAsync(CACHE_HITS_WINDOW_MS - 1)
    expect(counts()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(counts()).toEqual([expect.objectContaining({ level: 'info', requests: 3, seconds: 60 })])
    await vi.advanceTimersByTimeAsync(5 * CACHE_HITS_WINDOW_MS)
    expect(counts()).toHaveLength(1)
  })

  it('opens a new minute with the next read, counted apart from the last', async () => {
    vi.useFakeTimers()
    const { app, counts } = appWithLog()
    await app.request('/cached')
    await vi.advanceTimersByTimeAsync(CACHE_HITS_WINDOW_MS)
    await vi.advanceTimersByTimeAsync(10_000)
    await app.request('/cached')
    await app.request('/cached')
    await vi.advanceTimersByTimeAsync(CACHE_HITS_WINDOW_MS)
    expect(counts().map((line) => line.requests)).toEqual([1, 2])
  })
})
