import { readFileSync } from 'node:fs'
import { describe, expect, it, onTestFinished } from 'vitest'
import { CONVERSION_HEADER } from '@contract/exchange-rates'
import { COIN_DETAIL_PARAMS } from '@contract/coin'
import { MARKETS_PARAMS } from '@contract/market'
import { MARKET_LIST_PARAMS } from '@contract/market-list'
import { type Behaviour, type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { type TestServer, setUpTestDb, testServer, untilHealth } from './helpers/server'

const RATES = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/exchange-rates.json', import.meta.url), 'utf8'),
)
/** Units of `currency` for one dollar in the fixture the fake upstream serves. */
const fixtureRate = (currency: string) => RATES.rates[currency].value / RATES.rates.usd.value

const testDb = setUpTestDb()

async function setup(behaviour: Behaviour = { kind: 'ok' }, env: Record<string, string> = {}) {
  const upstream = await startFakeUpstream(behaviour)
  onTestFinished(() => upstream.close())
  const server = await testServer({ MARKET_UPSTREAM_URL: upstream.url, ...env }, { db: testDb })
  await settled(server)
  return { server, upstream }
}

/** Waits until no list's or rates' upstream request is running (the start-up's warm-up). */
const settled = (s: TestServer) =>
  untilHealth(
    s,
    ({ upstream }) =>
      !upstream.markets.fetching &&
      !upstream.trending.fetching &&
      !upstream.global.fetching &&
      !upstream.exchangeRates.fetching,
  )

const query = (params: Record<string, string | number | boolean>, currency: string) =>
  new URLSearchParams(
    Object.entries({ ...params, vs_currency: currency }).map(([k, v]) => [k, String(v)]),
  ).toString()

async function get(s: TestServer, path: string) {
  const response = await fetch(`${s.url}/api/market/${path}`)
  const conversion = response.headers.get(CONVERSION_HEADER)
  return {
    status: response.status,
    // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON, read as each test needs
    body: (await response.json()) as any,
    source: response.headers.get('x-data-source'),
    conversion: conversion ? JSON.parse(conversion) : null,
  }
}

const markets = (s: TestServer, currency: string) =>
  get(s, `coins/markets?${query(MARKETS_PARAMS, currency)}`)

const callsBesides = (u: FakeUpstream, before: number) =>
  u.calls.slice(before).map((call) => `${call.path}?${call.query}`)

describe('every currency from exchange_rates', () => {
  it('asks exchange_rates once at start, and answers ?vs_currency=inr from the dollar list at its rate, with no upstream call', async () => {
    const { server: s, upstream: u } = await setup()
    expect(u.callsTo('exchange_rates')).toHaveLength(1)
    const usd = await markets(s, 'usd')
    const before = u.calls.length
    const inr = await markets(s, 'inr')
    expect(inr.status).toBe(200)
    expect(inr.source).toBe(usd.source)
    const rate = fixtureRate('inr')
    expect(inr.body[0].id).toBe(usd.body[0].id)
    expect(inr.body[0].current_price).toBeCloseTo(usd.body[0].current_price * rate, 4)
    expect(inr.body[0].market_cap).toBeCloseTo(usd.body[0].market_cap * rate, -2)
    // No rate from a day before yet: the 24 h change is the dollar's, and the answer says so.
    expect(inr.body[0].price_change_percentage_24h).toBe(usd.body[0].price_change_percentage_24h)
    expect(inr.conversion).toMatchObject({
      from: 'usd',
      rate: expect.closeTo(rate, 6),
      ratesSource: 'upstream',
      change24h: 'dollar',
    })
    expect(usd.conversion).toBeNull()
    // Every other converted currency, the full list's pages and a chart: not one call more
    // than the dollars' own.
    for (const currency of ['krw', 'chf', 'kwd', 'brl']) {
      expect((await markets(s, currency)).status).toBe(200)
    }
    expect(callsBesides(u, before)).toEqual([])
    const page = (currency: string) =>
      get(s, `coins/markets?${query({ ...MARKET_LIST_PARAMS, page: 1 }, currency)}`)
    await page('usd')
    const afterUsdPage = u.calls.length
    const inrPage = await page('inr')
    expect(inrPage.status).toBe(200)
    expect(inrPage.conversion).toMatchObject({ rate: expect.closeTo(rate, 6) })
    await page('idr')
    expect(callsBesides(u, afterUsdPage)).toEqual([])
    const chart = (currency: string) =>
      get(s, `coins/bitcoin/market_chart?vs_currency=${currency}&days=7`)
    const usdChart = await chart('usd')
    const afterUsdChart = u.calls.length
    const inrChart = await chart('inr')
    expect(inrChart.body.prices[0][1]).toBeCloseTo(usdChart.body.prices[0][1] * rate, 2)
    expect(callsBesides(u, afterUsdChart)).toEqual([])
  })

  it("a coin's details hold every converted currency, made from the dollar's", async () => {
    const { server: s, upstream: u } = await setup()
    const before = u.callsTo('coins/bitcoin').length
    const detail = await get(
      s,
      `coins/bitcoin?${new URLSearchParams(Object.entries(COIN_DETAIL_PARAMS).map(([k, v]) => [k, String(v)]))}`,
    )
    expect(detail.status).toBe(200)
    const prices = detail.body.market_data.current_price
    expect(prices.krw).toBeCloseTo(prices.usd * fixtureRate('krw'), 0)
    expect(prices.eur).toBeDefined()
    // The upstream's own figures in the six stay; the converted ones cost nothing more.
    expect(prices.eur).toBe(
      JSON.parse(
        readFileSync(new URL('../../mocks/fixtures/coins-bitcoin.json', import.meta.url), 'utf8'),
      ).market_data.current_price.eur,
    )
    expect(u.callsTo('coins/bitcoin').length - before).toBe(1)
  })

  it('refuses a code it does not offer with 400 invalid_query, asking nothing', async () => {
    const { server: s, upstream: u } = await setup()
    const before = u.calls.length
    for (const code of ['xau', 'sats', 'ltc', 'INR', 'inr,usd', 'zzz']) {
      const answer = await markets(s, code)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ error: 'invalid_query', message: expect.any(String) })
    }
    expect(callsBesides(u, before)).toEqual([])
  })

  it('asks again once per EXCHANGE_RATES_TTL_S, one call for every concurrent reader', async () => {
    const { server: s, upstream: u } = await setup({ kind: 'ok' }, { EXCHANGE_RATES_TTL_S: '300' })
    s.clock.advance(299_000)
    await markets(s, 'inr')
    expect(u.callsTo('exchange_rates')).toHaveLength(1)
    s.clock.advance(2_000)
    u.behave({ kind: 'ok', delayMs: 200 }, 'exchange_rates')
    const answers = await Promise.all(Array.from({ length: 50 }, () => markets(s, 'inr')))
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]))
    await settled(s)
    expect(u.callsTo('exchange_rates')).toHaveLength(2)
  })

  it('keeps the last rates when a refresh fails, and the bundled ones offline', async () => {
    const { server: s, upstream: u } = await setup()
    const first = await markets(s, 'inr')
    u.behave({ kind: 'status', status: 500 }, 'exchange_rates')
    s.clock.advance(301_000)
    await markets(s, 'inr')
    await settled(s)
    const stale = await markets(s, 'inr')
    expect(u.callsTo('exchange_rates')).toHaveLength(2)
    expect(stale.status).toBe(200)
    expect(stale.conversion).toEqual(first.conversion)

    const offline = await setup({ kind: 'reset' })
    const sample = await markets(offline.server, 'inr')
    expect(sample.status).toBe(200)
    expect(sample.source).toBe('sample')
    expect(sample.conversion).toMatchObject({ ratesSource: 'sample', change24h: 'dollar' })
  })

  it("spends from the lists' share of the budget: past it, the bundled rates until a call is allowed", async () => {
    // Three calls a minute: the start-up's markets, trending and global take them all.
    const { server: s, upstream: u } = await setup({ kind: 'ok' }, { UPSTREAM_CALLS_PER_MIN: '3' })
    expect(u.callsTo('exchange_rates')).toHaveLength(0)
    const before = u.calls.length
    const refused = await markets(s, 'inr')
    expect(refused.status).toBe(200)
    expect(refused.conversion).toMatchObject({ ratesSource: 'sample' })
    expect(callsBesides(u, before)).toEqual([])
    s.clock.advance(61_000)
    await markets(s, 'inr')
    await settled(s)
    expect(u.callsTo('exchange_rates')).toHaveLength(1)
    expect((await markets(s, 'inr')).conversion).toMatchObject({ ratesSource: 'upstream' })
  })

  it("a day on, a 24 h change includes the rate's own move over the day", async () => {
    const { server: s, upstream: u } = await setup()
    const moved = structuredClone(RATES)
    // The rupee a day later: 2 % more rupees for a dollar (bitcoin's dollar price unchanged).
    moved.rates.inr.value *= 1.02
    u.behave({ kind: 'ok', body: JSON.stringify(moved) }, 'exchange_rates')
    s.clock.advance(24 * 3_600_000)
    await markets(s, 'inr')
    await settled(s)
    const usd = await markets(s, 'usd')
    await settled(s)
    const inr = await markets(s, 'inr')
    expect(inr.conversion).toMatchObject({
      change24h: 'rate',
      rate: expect.closeTo(fixtureRate('inr') * 1.02, 6),
    })
    const p = usd.body[0].price_change_percentage_24h
    expect(inr.body[0].price_change_percentage_24h).toBeCloseTo(((1 + p / 100) * 1.02 - 1) * 100, 6)
  })
})
