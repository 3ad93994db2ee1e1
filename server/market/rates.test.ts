import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ExchangeRatesResponseSchema } from '@contract/exchange-rates'
import { manualClock } from '../../tests/server/helpers/clock'
import { MarketCache } from './cache'
import { ExchangeRates, type RateHistoryStore, type RateSnapshot } from './rates'
import { loadSample } from './sample'

const HOUR = 3_600_000
const SAMPLE = loadSample(0).exchangeRates

/** The sample rates with the rupee at `inr` for a dollar. */
function ratesWith(inr: number) {
  const body = structuredClone(SAMPLE)
  const inrRate = body.rates.inr
  const usdRate = body.rates.usd
  if (!inrRate || !usdRate) throw new Error('the sample lacks usd or inr')
  inrRate.value = usdRate.value * inr
  return v.parse(ExchangeRatesResponseSchema, body)
}

function setup(store: RateHistoryStore | null = null) {
  const clock = manualClock(1_000_000_000_000)
  let next = ratesWith(80)
  const cache = new MarketCache({
    name: 'exchange_rates',
    ttlMs: 300_000,
    clock,
    firstWaitMs: 0,
    load: async () => next,
    sample: { data: SAMPLE, updatedAt: new Date(0) },
    onData: (data, at) => rates.record(data, at),
  })
  const rates = new ExchangeRates({ cache, clock, store })
  const refresh = async (inr: number) => {
    next = ratesWith(inr)
    await cache.refresh()
  }
  return { clock, rates, refresh }
}

describe('ExchangeRates', () => {
  it('a rate is units of the currency for one dollar; before any answer, the bundled one', async () => {
    const { rates, refresh } = setup()
    const sampleInr = (SAMPLE.rates.inr?.value ?? 0) / (SAMPLE.rates.usd?.value ?? 1)
    expect(rates.rate('inr')).toEqual({ now: sampleInr, day: null })
    expect(rates.conversion('inr')?.conversion.ratesSource).toBe('sample')
    await refresh(80)
    expect(rates.rate('inr')?.now).toBeCloseTo(80, 10)
  })

  it('knows the rate of about a day before from its hourly snapshots, and nothing older', async () => {
    const { clock, rates, refresh } = setup()
    await refresh(80)
    for (let hour = 1; hour <= 23; hour++) {
      clock.advance(HOUR)
      await refresh(80 + hour / 10)
    }
    clock.advance(HOUR)
    await refresh(84)
    // 24 h after the first snapshot: that one is the day-old rate.
    expect(rates.rate('inr')).toEqual({ now: expect.closeTo(84, 10), day: expect.closeTo(80, 10) })
    expect(rates.conversion('inr')?.conversion.change24h).toBe('rate')
    clock.advance(30 * HOUR)
    // No new answer for 30 h: the newest snapshot is 30 h old, too far from a day.
    expect(rates.rate('inr')?.day).toBeNull()
  })

  it('one snapshot an hour, however often the rates come', async () => {
    const saved: RateSnapshot[] = []
    const store = { save: async (s: RateSnapshot) => void saved.push(s), near: async () => null }
    const { clock, refresh } = setup(store)
    for (let minute = 0; minute < 120; minute += 5) {
      await refresh(80)
      clock.advance(5 * 60_000)
    }
    expect(saved.map((s) => s.at - (saved[0]?.at ?? 0))).toEqual([0, HOUR])
  })

  it('a new instance reads the day-old rate from the shared store', async () => {
    const { clock, rates, refresh } = setup({
      save: async () => undefined,
      near: async (at) => ({ at, rates: { inr: 75 } }),
    })
    await refresh(80)
    // The store is asked once; its answer serves the next reads.
    expect(rates.rate('inr')?.day).toBeNull()
    await new Promise((resolve) => setImmediate(resolve))
    expect(rates.rate('inr')).toEqual({ now: expect.closeTo(80, 10), day: 75 })
    clock.advance(1000)
    expect(rates.rate('inr')?.day).toBe(75)
  })
})
