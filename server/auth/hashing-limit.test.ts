import { afterEach, describe, expect, it, vi } from 'vitest'
import { BusyError, hashingLimit } from './hashing-limit'

/** A job the test finishes by hand, recording when it started. */
function jobs() {
  const started: string[] = []
  const finishers = new Map<string, () => void>()
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name)
      finishers.set(name, () => resolve(name))
    })
  const finish = async (name: string) => {
    finishers.get(name)?.()
    // Let the limit hand the slot on.
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { started, job, finish }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('hashingLimit', () => {
  it('runs `concurrency` jobs, queues `queue` more in order, refuses the rest at once', async () => {
    const limit = hashingLimit({ concurrency: 2, queue: 2, maxWaitMs: 10_000 })
    const { started, job, finish } = jobs()
    const results = ['a', 'b', 'c', 'd'].map((name) => limit(job(name)))
    await expect(limit(job('e'))).rejects.toBeInstanceOf(BusyError)
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual(['a', 'b'])

    await finish('b')
    expect(started).toEqual(['a', 'b', 'c'])
    // With one place free in the queue, a new job waits again instead of being refused.
    const f = limit(job('f'))
    await finish('a')
    await finish('c')
    expect(started).toEqual(['a', 'b', 'c', 'd', 'f'])
    await finish('d')
    await finish('f')
    expect(await Promise.all([...results, f])).toEqual(['a', 'b', 'c', 'd', 'f'])

    // Everything done: the full capacity is there again.
    const again = ['g', 'h', 'i', 'j'].map((name) => limit(job(name)))
    await expect(limit(job('k'))).rejects.toBeInstanceOf(BusyError)
    for (const name of ['g', 'h', 'i', 'j']) await finish(name)
    expect(await Promise.all(again)).toEqual(['g', 'h', 'i', 'j'])
  })

  it('refuses a job that waited maxWaitMs without starting, and keeps the order of the rest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const limit = hashingLimit({ concurrency: 1, queue: 3, maxWaitMs: 1000 })
    const { started, job, finish } = jobs()
    const a = limit(job('a'))
    const b = limit(job('b'))
    vi.advanceTimersByTime(600)
    const c = limit(job('c'))
    vi.advanceTimersByTime(400)
    await expect(b).rejects.toBeInstanceOf(BusyError)
    await finish('a')
    expect(started).toEqual(['a', 'c'])
    await finish('c')
    expect(await a).toBe('a')
    expect(await c).toBe('c')
  })

  it('a failing job frees its slot', async () => {
    const limit = hashingLimit({ concurrency: 1, queue: 0, maxWaitMs: 1000 })
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await limit(async () => 'next')).toBe('next')
  })
})
