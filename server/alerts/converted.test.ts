import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ExchangeRatesResponseSchema } from '@contract/exchange-rates'
import { manualClock } from '../../tests/server/helpers/clock'
import { MarketCache } from '../market/cache'
import { ExchangeRates } from '../market/rates'
import { UpstreamError } from '../market/upstream'
import { loadSample } from '../market/sample'
import { alertRate, inCurrency, RATE_MAX_AGE_MS, usableRates } from './converted'

const SAMPLE = loadSample(0).exchangeRates

/** The sample's rates with the rupee at `inr` for a dollar. */
function ratesWith(inr: number) {
  const body = structuredClone(SAMPLE)
  const usd = body.rates.usd?.value ?? 1
  if (body.rates.inr) body.rates.inr.value = usd * inr
  return v.parse(ExchangeRatesResponseSchema, body)
}

function setup() {
  const clock = manualClock(1_000_000_000_000)
  let calls = 0
  let answer: (() => ReturnType<typeof ratesWith>) | null = null
  const cache = new MarketCache({
    name: 'exchange_rates',
    ttlMs: 300_000,
    clock,
    firstWaitMs: 0,
    load: async () => {
      calls++
      if (!answer) throw new UpstreamError('unreachable', 'down')
      return answer()
    },
    sample: { data: SAMPLE, updatedAt: new Date(0) },
  })
  const rates = new ExchangeRates({ cache, clock })
  return {
    clock,
    rates,
    calls: () => calls,
    answerWith: (inr: number | null) => {
      answer = inr === null ? null : () => ratesWith(inr)
    },
    refresh: () => cache.refresh(),
  }
}

describe('inCurrency', () => {
  it('multiplies each dollar price by the rate and keeps the rest of the quote', () => {
    const dollars = new Map([
      ['bitcoin', { name: 'Bitcoin', price: 100_000 }],
      ['ethereum', { name: 'Ethereum', price: 2.5 }],
    ])
    const converted = inCurrency(dollars, 83.21)
    expect([...converted.keys()]).toEqual(['bitcoin', 'ethereum'])
    expect(converted.get('bitcoin')).toEqual({
      name: 'Bitcoin',
      price: expect.closeTo(8_321_000, 6),
    })
    expect(converted.get('ethereum')).toEqual({
      name: 'Ethereum',
      price: expect.closeTo(208.025, 10),
    })
    // The dollar prices are left as they were: the dollar alerts read them too.
    expect(dollars.get('bitcoin')?.price).toBe(100_000)
  })
})

describe('usableRates', () => {
  const now = 1_000_000_000_000
  it('takes the upstream’s rates up to an hour old, never the bundled sample', () => {
    const at = (ageMs: number) => new Date(now - ageMs)
    expect(usableRates({ source: 'cache', updatedAt: at(0) }, now)).toBe(true)
    expect(usableRates({ source: 'stale', updatedAt: at(RATE_MAX_AGE_MS) }, now)).toBe(true)
    expect(usableRates({ source: 'stale', updatedAt: at(RATE_MAX_AGE_MS + 1) }, now)).toBe(false)
    expect(usableRates({ source: 'sample', updatedAt: at(0) }, now)).toBe(false)
  })
})

describe('alertRate', () => {
  it('is null while only the bundled rates are held, and asks the upstream once for real ones', async () => {
    const { clock, rates, calls, answerWith } = setup()
    answerWith(83.21)
    // Visitors get the bundled rates meanwhile; an alert is not checked on them.
    expect(rates.rate('inr')).not.toBeNull()
    expect(alertRate(rates, 'inr', clock.now())).toBeNull()
    expect(calls()).toBe(1)
    await expect.poll(() => alertRate(rates, 'inr', clock.now())?.perUsd).toBeCloseTo(83.21, 10)
    expect(calls()).toBe(1)
  })

  it('reads the held rate without a call while fresh; once stale, one shared refresh', async () => {
    const { clock, rates, calls, answerWith, refresh } = setup()
    answerWith(83.21)
    await refresh()
    expect(alertRate(rates, 'inr', clock.now())).toEqual({
      perUsd: expect.closeTo(83.21, 10),
      at: new Date(clock.now()),
    })
    for (let i = 0; i < 10; i++) alertRate(rates, 'inr', clock.now())
    expect(calls()).toBe(1)
    clock.advance(300_001)
    answerWith(84)
    // Stale: still the held rate (under an hour old), and one refresh for all readers.
    for (let i = 0; i < 10; i++)
      expect(alertRate(rates, 'inr', clock.now())?.perUsd).toBeCloseTo(83.21, 10)
    expect(calls()).toBe(2)
    await expect.poll(() => alertRate(rates, 'inr', clock.now())?.perUsd).toBeCloseTo(84, 10)
  })

  it('is null once the held rate is over an hour old (the upstream away)', async () => {
    const { clock, rates, answerWith, refresh } = setup()
    answerWith(83.21)
    await refresh()
    answerWith(null)
    clock.advance(RATE_MAX_AGE_MS + 1)
    expect(alertRate(rates, 'inr', clock.now())).toBeNull()
    // Visitors still see the converted lists at it, marked stale.
    expect(rates.rate('inr')?.now).toBeCloseTo(83.21, 10)
  })
})
