import { readFileSync } from 'node:fs'
import { describe, expect, it, onTestFinished } from 'vitest'
import { type Behaviour, startFakeUpstream } from '../support/fake-upstream'
import { type TestServer, setUpTestDb, testServer, untilHealth } from './helpers/server'

const RATES = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/exchange-rates.json', import.meta.url), 'utf8'),
)

const testDb = setUpTestDb()

async function setup(behaviour: Behaviour = { kind: 'ok' }) {
  const upstream = await startFakeUpstream(behaviour)
  onTestFinished(() => upstream.close())
  const server = await testServer({ MARKET_UPSTREAM_URL: upstream.url }, { db: testDb })
  await untilHealth(
    server,
    ({ upstream: u }) =>
      !u.markets.fetching &&
      !u.trending.fetching &&
      !u.global.fetching &&
      !u.exchangeRates.fetching,
  )
  return { server, upstream }
}

async function convert(s: TestServer, query: string) {
  const response = await fetch(`${s.url}/api/market/convert?${query}`)
  return {
    status: response.status,
    // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON, read as each test needs
    body: (await response.json()) as any,
    headers: response.headers,
  }
}

/** The dollar price of a coin on the price list the server serves. */
async function dollarPrice(s: TestServer, id: string): Promise<number> {
  const response = await fetch(
    `${s.url}/api/market/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=6&page=1&sparkline=false&locale=en`,
  )
  const rows = (await response.json()) as { id: string; current_price: number }[]
  const row = rows.find((coin) => coin.id === id)
  if (!row) throw new Error(`${id} is not on the price list`)
  return row.current_price
}

describe('the converter', () => {
  it('converts a coin into an upstream currency at its own price there, exactly, with no upstream call', async () => {
    const { server: s, upstream: u } = await setup()
    const price = await dollarPrice(s, 'bitcoin')
    const before = u.calls.length
    const { status, body, headers } = await convert(s, 'from=bitcoin&to=usd&amount=0.5')
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body.from).toEqual({ kind: 'coin', id: 'bitcoin', name: 'Bitcoin', symbol: 'btc' })
    expect(body.to).toEqual({ kind: 'currency', id: 'usd', name: 'US dollars' })
    expect(Number(body.result)).toBeCloseTo(price / 2, 2)
    expect(body.result).toMatch(/^\d+\.\d{2}$/)
    expect(body.coins.map((coin: { id: string }) => coin.id)).toContain('ethereum')
    expect(u.calls.length).toBe(before)
  })

  it('converts through dollars at the exchange rates for any other currency, both ways', async () => {
    const { server: s, upstream: u } = await setup()
    const price = await dollarPrice(s, 'bitcoin')
    const before = u.calls.length
    const inrPerUsd = RATES.rates.inr.value / RATES.rates.usd.value
    const there = await convert(s, 'from=bitcoin&to=inr&amount=2')
    expect(Number(there.body.result)).toBeCloseTo(2 * price * inrPerUsd, 1)
    const back = await convert(s, `from=inr&to=bitcoin&amount=${there.body.result}`)
    expect(Number(back.body.result)).toBeCloseTo(2, 7)
    // Two currencies: the rates alone; a yen has no decimals, a dinar of Kuwait three.
    const jpy = await convert(s, 'from=usd&to=jpy&amount=10')
    expect(jpy.body.result).toMatch(/^\d+$/)
    const kwd = await convert(s, 'from=usd&to=kwd&amount=10')
    expect(kwd.body.result).toMatch(/^\d+\.\d{2,3}$/)
    expect(u.calls.length).toBe(before)
  })

  it('says which unit it does not know, instead of a result', async () => {
    const { server: s } = await setup()
    const { status, body } = await convert(s, 'from=no-such-coin-anywhere&to=usd&amount=1')
    expect(status).toBe(200)
    expect(body.from).toBeNull()
    expect(body.to).toEqual({ kind: 'currency', id: 'usd', name: 'US dollars' })
    expect(body.result).toBeNull()
  })

  it('refuses an amount that is not a plain decimal with a JSON error', async () => {
    const { server: s } = await setup()
    for (const amount of ['-1', '1e9', 'abc', '1'.repeat(21), '']) {
      const { status, body } = await convert(s, `from=bitcoin&to=usd&amount=${amount}`)
      expect(status, amount).toBe(400)
      expect(body.error).toBe('invalid_query')
      expect(typeof body.message).toBe('string')
    }
  })

  it('answers from the sample when the upstream is down', async () => {
    const { server: s } = await setup({ kind: 'status', status: 503 })
    const { body } = await convert(s, 'from=ethereum&to=eur&amount=1')
    expect(body.result).not.toBeNull()
    expect(body.source).toBe('sample')
  })
})
