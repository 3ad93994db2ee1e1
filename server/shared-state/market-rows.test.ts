import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { poolSizes } from '../db/client'
import { UpstreamError } from '../market/upstream'
import { RefreshSlots } from './market-rows'

/** A piece of work that ends when the test says so. */
function held() {
  let finish: () => void = () => {}
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return { work: () => done, finish }
}

describe('RefreshSlots', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs at most its number at once; the next waits for a free slot', async () => {
    const slots = new RefreshSlots(2)
    const [a, b, c] = [held(), held(), held()]
    const started: string[] = []
    const run = (name: string, h: ReturnType<typeof held>) =>
      slots.run(() => {
        started.push(name)
        return h.work()
      })
    const runs = [run('a', a), run('b', b), run('c', c)]
    await vi.advanceTimersByTimeAsync(500)
    expect(started).toEqual(['a', 'b'])
    a.finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual(['a', 'b', 'c'])
    b.finish()
    c.finish()
    await Promise.all(runs)
  })

  it('refuses as a spent budget does when no slot frees within a second', async () => {
    const slots = new RefreshSlots(1)
    const a = held()
    const first = slots.run(a.work)
    const refused = slots.run(async () => 'never').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(1000)
    const error = await refused
    expect(error).toBeInstanceOf(UpstreamError)
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 1000 })
    // The refused one left no claim behind: the next gets the slot as soon as it frees.
    const next = slots.run(async () => 'ran')
    a.finish()
    await first
    await expect(next).resolves.toBe('ran')
  })
})

describe('poolSizes', () => {
  it('keeps one connection for locks, and the larger share for accounts', () => {
    expect(poolSizes(10)).toEqual({ accounts: 5, market: 4 })
    expect(poolSizes(6)).toEqual({ accounts: 3, market: 2 })
    expect(poolSizes(3)).toEqual({ accounts: 1, market: 1 })
  })
})
