import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { manualClock } from '../../tests/server/helpers/clock'
import type { CallGate } from './budget'
import { MarketCache, NoDataError } from './cache'
import { UpstreamError } from './upstream'

const bytes = (text: string) => new TextEncoder().encode(text)

type Data = { n: number }
const SAMPLE = { data: { n: 0 }, updatedAt: new Date('2026-01-01T00:00:00Z') }

/** A cache over a load function the test resolves by hand. */
function setup(
  options: { firstWaitMs?: number; sample?: typeof SAMPLE | undefined; gates?: CallGate[] } = {},
) {
  const clock = manualClock(Date.parse('2026-06-01T12:00:00Z'))
  const pending: { resolve: (d: Data) => void; reject: (e: unknown) => void }[] = []
  const cache = new MarketCache<Data>({
    name: 'test',
    ttlMs: 60_000,
    firstWaitMs: options.firstWaitMs ?? 1000,
    clock,
    sample: 'sample' in options ? options.sample : SAMPLE,
    gates: options.gates ?? [],
    load: () => new Promise<Data>((resolve, reject) => pending.push({ resolve, reject })),
  })
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  return { clock, cache, pending, settle }
}

describe('MarketCache', () => {
  it('shares one load among concurrent misses, then serves from memory for the TTL', async () => {
    const { cache, pending, clock } = setup()
    const waiting = Array.from({ length: 50 }, () => cache.get())
    expect(pending).toHaveLength(1)
    pending[0]?.resolve({ n: 1 })
    const served = await Promise.all(waiting)
    expect(new Set(served.map((s) => s.source))).toEqual(new Set(['live']))
    expect(served[0]).toMatchObject({ body: bytes('{"n":1}'), freshForS: 60 })

    clock.advance(59_000)
    expect(await cache.get()).toMatchObject({ source: 'cache', freshForS: 1 })
    expect(pending).toHaveLength(1)
  })

  it('serves expired data at once while one refresh runs', async () => {
    const { cache, pending, clock, settle } = setup()
    const first = cache.get()
    pending[0]?.resolve({ n: 1 })
    await first
    clock.advance(60_000)
    const stale = await Promise.all([cache.get(), cache.get(), cache.get()])
    expect(stale.map((s) => s.source)).toEqual(['stale', 'stale', 'stale'])
    expect(stale[0]?.freshForS).toBe(0)
    expect(pending).toHaveLength(2)
    pending[1]?.resolve({ n: 2 })
    await settle()
    expect(await cache.get()).toMatchObject({ source: 'cache', body: bytes('{"n":2}') })
  })

  it('falls back to the sample without data, and leaves the upstream alone for a while', async () => {
    const { cache, pending, clock } = setup()
    const first = cache.get()
    pending[0]?.reject(new UpstreamError('http_error', '500'))
    expect(await first).toMatchObject({ source: 'sample', updatedAt: SAMPLE.updatedAt })
    expect(await cache.get()).toMatchObject({ source: 'sample' })
    expect(pending).toHaveLength(1)
    expect(cache.state()).toMatchObject({ lastFailure: { kind: 'http_error' }, fetching: false })
    clock.advance(15_000)
    void cache.get()
    expect(pending).toHaveLength(2)
  })

  it('honours a Retry-After longer than the usual pause', async () => {
    const { cache, pending, clock } = setup()
    const first = cache.get()
    pending[0]?.reject(new UpstreamError('rate_limited', '429', 120_000))
    await first
    clock.advance(119_000)
    await cache.get()
    expect(pending).toHaveLength(1)
    clock.advance(1000)
    void cache.get()
    expect(pending).toHaveLength(2)
  })

  it('answers a cold request with the sample once the first-wait budget is spent', async () => {
    const { cache, pending, settle } = setup({ firstWaitMs: 20 })
    expect(await cache.get()).toMatchObject({ source: 'sample' })
    pending[0]?.resolve({ n: 7 })
    await settle()
    expect(await cache.get()).toMatchObject({ source: 'cache', body: bytes('{"n":7}') })
  })

  it('refuses to start requests once closed', async () => {
    const { cache, pending } = setup()
    cache.close()
    expect(await cache.get()).toMatchObject({ source: 'sample' })
    expect(pending).toHaveLength(0)
  })
  it('ready() answers without waiting when data is held, and null on a cold cache', async () => {
    const { cache, pending, clock, settle } = setup()
    expect(cache.ready()).toBeNull()
    const first = cache.get()
    pending[0]?.resolve({ n: 1 })
    await first
    expect(cache.ready()).toMatchObject({ source: 'cache', body: bytes('{"n":1}'), freshForS: 60 })
    expect(pending).toHaveLength(1)
    clock.advance(61_000)
    // Stale: served at once, and exactly one refresh starts.
    expect(cache.ready()).toMatchObject({ source: 'stale', body: bytes('{"n":1}'), freshForS: 0 })
    expect(cache.ready()?.source).toBe('stale')
    expect(pending).toHaveLength(2)
    pending[1]?.resolve({ n: 2 })
    await settle()
    expect(cache.ready()).toMatchObject({ source: 'cache', body: bytes('{"n":2}') })
  })
})

/** A gate that allows `allowed` calls, then asks to wait `waitMs`; it counts what it let through. */
function gate(refusal: CallGate['refusal'], allowed: number, waitMs = 30_000) {
  const spent = { count: 0 }
  const g: CallGate = {
    refusal,
    waitMs: () => (spent.count < allowed ? 0 : waitMs),
    spend: () => {
      spent.count += 1
    },
  }
  return { gate: g, spent }
}

describe('MarketCache without a sample, behind gates', () => {
  it('waits for the first answer however long it takes, within the upstream timeout', async () => {
    vi.useFakeTimers()
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const { cache, pending } = setup({ sample: undefined, firstWaitMs: 0 })
    let answered = false
    const first = cache.get().finally(() => {
      answered = true
    })
    // A minute passes, far past the first wait: no timer answers in the upstream's place.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(answered).toBe(false)
    pending[0]?.resolve({ n: 1 })
    expect(await first).toMatchObject({ source: 'live', body: bytes('{"n":1}') })
  })

  it('throws NoDataError(failed) with the pause before the next try when the load fails', async () => {
    const { cache, pending } = setup({ sample: undefined })
    const first = cache.get()
    pending[0]?.reject(new UpstreamError('http_error', '500'))
    await expect(first).rejects.toMatchObject({ reason: 'failed', retryAfterMs: 15_000 })
    await expect(cache.get()).rejects.toBeInstanceOf(NoDataError)
    expect(pending).toHaveLength(1)
  })

  it('calls an upstream 429 busy, with its Retry-After', async () => {
    const { cache, pending, clock } = setup({ sample: undefined })
    const first = cache.get()
    pending[0]?.reject(new UpstreamError('rate_limited', '429', 120_000))
    await expect(first).rejects.toMatchObject({ reason: 'busy', retryAfterMs: 120_000 })
    clock.advance(20_000)
    await expect(cache.get()).rejects.toMatchObject({ reason: 'busy', retryAfterMs: 100_000 })
  })

  it('a refusing gate: no call; the sample, stale data, or NoDataError with its wait', async () => {
    const budget = gate('busy', 1)
    const { cache, pending, clock } = setup({ sample: undefined, gates: [budget.gate] })
    const first = cache.get()
    pending[0]?.resolve({ n: 1 })
    await first
    expect(budget.spent.count).toBe(1)
    clock.advance(61_000)
    expect(await cache.get()).toMatchObject({ source: 'stale' })
    expect(pending).toHaveLength(1)

    const other = setup({ sample: undefined, gates: [budget.gate] })
    await expect(other.cache.get()).rejects.toMatchObject({ reason: 'busy', retryAfterMs: 30_000 })
    expect(other.pending).toHaveLength(0)
    const sampled = setup({ gates: [budget.gate] })
    expect(await sampled.cache.get()).toMatchObject({ source: 'sample' })
    expect(sampled.pending).toHaveLength(0)
  })

  it("a request's own gate is asked first and charged only for a call it starts", async () => {
    const budget = gate('busy', 0)
    const client = gate('limited', 0, 5000)
    const { cache } = setup({ sample: undefined, gates: [budget.gate] })
    await expect(cache.get([client.gate])).rejects.toMatchObject({
      reason: 'limited',
      retryAfterMs: 5000,
    })

    const open = gate('busy', 10)
    const shared = setup({ sample: undefined, gates: [open.gate] })
    const mine = gate('limited', 10)
    const theirs = gate('limited', 10)
    const both = [shared.cache.get([mine.gate]), shared.cache.get([theirs.gate])]
    shared.pending[0]?.resolve({ n: 1 })
    await Promise.all(both)
    expect([mine.spent.count, theirs.spent.count, open.spent.count]).toEqual([1, 0, 1])
  })

  it('tells onData of each new entry once, and not of a shared copy it already had', async () => {
    const seen: [Data, number][] = []
    const copies = [
      { json: '{"n":1}', fetchedAt: 1000 },
      { json: '{"n":1}', fetchedAt: 1000 },
      { json: '{"n":2}', fetchedAt: 2000 },
    ]
    const cache = new MarketCache<Data>({
      name: 'shared',
      ttlMs: 60_000,
      firstWaitMs: 1000,
      load: async () => ({ n: 0 }),
      // Another instance's copy: the second refresh finds the same one.
      shared: async () => copies.shift() ?? { json: '{}', fetchedAt: 0 },
      onData: (data, fetchedAt) => seen.push([data, fetchedAt]),
    })
    for (let i = 0; i < 3; i++) expect(await cache.refresh()).toBe(true)
    expect(seen).toEqual([
      [{ n: 1 }, 1000],
      [{ n: 2 }, 2000],
    ])
    // The copy's data is what its JSON says, read once: every reader gets it as data.
    expect(cache.peek()?.data).toEqual({ n: 2 })
  })
})
