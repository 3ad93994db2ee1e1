import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { describe, expect, it, onTestFinished } from 'vitest'
import { WatchPricesSchema, type WatchRow } from '@contract/watchlist'
import { startFakeUpstream } from '../support/fake-upstream'
import { type TestServer, setUpTestDb, testServer, untilHealth } from './helpers/server'

// A watchlist's rows in a currency the upstream does not price in: the dollar rows at the held
// rate, each saying so as the converted price list does.

const RATES = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/exchange-rates.json', import.meta.url), 'utf8'),
)
const INR = RATES.rates.inr.value / RATES.rates.usd.value

const testDb = setUpTestDb()

async function setup() {
  const upstream = await startFakeUpstream()
  onTestFinished(() => upstream.close())
  const server = await testServer({ MARKET_UPSTREAM_URL: upstream.url }, { db: testDb })
  // The start-up's warm-up of the lists and the rates has ended.
  await untilHealth(
    server,
    ({ upstream }) => !upstream.markets.fetching && !upstream.exchangeRates.fetching,
  )
  return { server, upstream }
}

async function rows(s: TestServer, currency: string): Promise<WatchRow[]> {
  const response = await fetch(
    `${s.url}/api/market/watchlist?vs_currency=${currency}&ids=bitcoin,ethereum`,
  )
  expect(response.status).toBe(200)
  return v.parse(WatchPricesSchema, await response.json()).coins
}

const priced = (row: WatchRow | undefined) => {
  if (row?.status !== 'priced') throw new Error(`not priced: ${JSON.stringify(row)}`)
  return row
}

describe('watchlist prices in a converted currency', () => {
  it('are the dollar rows at the held rate, each row saying it was converted and at which rate', async () => {
    const { server, upstream } = await setup()
    const usd = await rows(server, 'usd')
    const before = upstream.calls.length
    const inr = await rows(server, 'inr')
    // Made from what the server holds: no upstream call.
    expect(upstream.calls.length).toBe(before)
    for (const [i, row] of inr.entries()) {
      const dollars = priced(usd[i])
      expect(dollars.meta.conversion).toBeUndefined()
      const rupees = priced(row)
      expect(rupees.id).toBe(dollars.id)
      expect(rupees.price).toBeCloseTo((dollars.price ?? Number.NaN) * INR, 4)
      expect(rupees.meta).toMatchObject({
        source: dollars.meta.source,
        conversion: {
          from: 'usd',
          rate: expect.closeTo(INR, 6),
          ratesSource: 'upstream',
          change24h: 'dollar',
        },
      })
    }
  })
})
