import { readFileSync } from 'node:fs'
import { describe, expect, it, onTestFinished } from 'vitest'
import { COIN_DETAIL_PARAMS } from '@contract/coin'
import { marketListParams } from '@contract/market-list'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { setUpTestDb, type TestServer, testServer, untilHealth } from './helpers/server'

// The rule of server/market/facts.ts, through the API: for every figure, the freshest real value
// the server holds wins, and a sample only for a coin it never had real figures for.

const DETAIL_QUERY = new URLSearchParams(
  Object.entries(COIN_DETAIL_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()
const listQuery = (page: number) =>
  new URLSearchParams(
    Object.entries(marketListParams('usd', page)).map(([key, value]) => [key, String(value)]),
  ).toString()

type Row = { id: string; current_price: number; market_cap_rank: number }
const MARKETS: Row[] = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/coins-markets.json', import.meta.url), 'utf8'),
)
// Real prices, unlike the sample's (which the fixture's are): what a live price list says today.
const REAL: Record<string, number> = { ethereum: 1355.37, solana: 133.75 }
const LIVE_LIST = MARKETS.map((row) =>
  row.id in REAL ? { ...row, current_price: REAL[row.id] } : row,
)

const SOLANA = MARKETS.find((row) => row.id === 'solana') as Row

const testDb = setUpTestDb()

/** A server on a fake upstream; with `liveList`, every `coins/markets` answer is LIVE_LIST. */
async function setup({ liveList = true } = {}): Promise<{ s: TestServer; u: FakeUpstream }> {
  const u = await startFakeUpstream({ kind: 'ok' })
  onTestFinished(() => u.close())
  if (liveList) u.behave({ kind: 'ok', body: JSON.stringify(LIVE_LIST) }, 'coins/markets')
  const s = await testServer(
    { MARKET_UPSTREAM_URL: u.url, COIN_MISS_RATE_LIMIT: '1000' },
    { db: testDb },
  )
  await untilHealth(s, ({ upstream }) => upstream.markets.source === 'upstream')
  return { s, u }
}

async function get(s: TestServer, path: string) {
  const response = await fetch(`${s.url}/api/market/${path}`)
  return {
    status: response.status,
    body: await response.json(),
    source: response.headers.get('x-data-source'),
    updatedAt: response.headers.get('x-data-updated-at'),
  }
}

describe('real figures are never replaced by sample figures', () => {
  it.each([
    ['a 404', 404],
    ['a 500', 500],
  ])(
    'a sample coin on the price list whose details fail (%s): the list’s real figures',
    async (_, status) => {
      const { s, u } = await setup()
      u.behave({ kind: 'status', status }, 'coins/ethereum')
      u.behave({ kind: 'status', status }, 'coins/solana')
      for (const id of ['ethereum', 'solana']) {
        const detail = await get(s, `coins/${id}?${DETAIL_QUERY}`)
        expect(detail).toMatchObject({ status: 200, source: 'cache' })
        expect(detail.body.market_data.current_price.usd).toBe(REAL[id])
        // Asked again (the failure is remembered): still the real figures.
        const again = await get(s, `coins/${id}?${DETAIL_QUERY}`)
        expect(again.body.market_data.current_price.usd).toBe(REAL[id])
        expect(again.source).not.toBe('sample')
      }
    },
  )

  it('an older real value, with its age, when everything fails later', async () => {
    const { s, u } = await setup()
    const first = await get(s, `coins/bitcoin?${DETAIL_QUERY}`)
    expect(first.source).toBe('live')
    u.behave({ kind: 'status', status: 500 })
    s.clock.advance(10 * 60_000)
    const stale = await get(s, `coins/bitcoin?${DETAIL_QUERY}`)
    expect(stale).toMatchObject({ status: 200, source: 'stale' })
    // The list's row is as old as the details: the details' own figures (the fixture's).
    expect(stale.body.market_data.current_price.usd).toBe(first.body.market_data.current_price.usd)
    expect(Date.parse(stale.updatedAt ?? '')).toBeLessThan(s.clock.now() - 9 * 60_000)
  })

  it('the watchlist prices every coin the server holds a real row for, whatever its details do', async () => {
    // The fake's own price list (its prices are the sample's: what counts is where they came from).
    const { s, u } = await setup({ liveList: false })
    // Page 2 of the full list, as a visitor of /coins?page=2 had it fetched.
    const page = await get(s, `coins/markets?${listQuery(2)}`)
    expect(page.source).toBe('live')
    const deep = page.body.find((row: { id: string }) => row.id.startsWith('test-coin-'))
    u.behave({ kind: 'status', status: 500 }, `coins/${deep.id}`)
    u.behave({ kind: 'status', status: 500 }, 'coins/solana')
    const watch = await get(s, `watchlist?vs_currency=usd&ids=${deep.id},solana`)
    expect(watch.status).toBe(200)
    expect(watch.body.coins).toMatchObject([
      { status: 'priced', id: deep.id, price: deep.current_price, meta: { source: 'cache' } },
      { status: 'priced', id: 'solana', price: SOLANA.current_price, meta: { source: 'cache' } },
    ])
    expect(u.callsTo(`coins/${deep.id}`)).toHaveLength(0)
  })

  it('a coin with real figures gets no sample chart: 503 with its reason; a never-seen coin its sample', async () => {
    const { s, u } = await setup()
    u.behave({ kind: 'status', status: 500 }, 'coins/tether/market_chart')
    u.behave({ kind: 'status', status: 500 }, 'coins/pepe/market_chart')
    u.behave({ kind: 'status', status: 500 }, 'coins/pepe')
    expect((await get(s, `coins/tether?${DETAIL_QUERY}`)).status).toBe(200)
    const chart = await get(s, 'coins/tether/market_chart?vs_currency=usd&days=7')
    expect(chart.status).toBe(503)
    expect(chart.body).toMatchObject({ error: 'upstream_unavailable' })
    const sample = await get(s, 'coins/pepe/market_chart?vs_currency=usd&days=7')
    expect(sample).toMatchObject({ status: 200, source: 'sample' })
  })
})
