// The fake upstream's full list (`coins/markets?per_page=100&page=N&sparkline=true…`): the sample
// coins at their ranks (server/market/sample/market-list.ts), and between them made-up coins named
// "Test Coin <rank>", clearly not real, so that a test has full pages, a page 2 and an end.
import coinsMarkets from '../../mocks/fixtures/coins-markets.json' with { type: 'json' }
import {
  type SampleCoinSource,
  sampleCoinDetail,
  sampleMarketChart,
} from '../../server/market/sample/coins'
import { chartIn, sampleRate } from '../../server/market/sample/currencies'
import { sampleMarketList } from '../../server/market/sample/market-list'
import { type Currency, CurrencySchema } from '@contract/currency'
import * as v from 'valibot'

/** Coins in the fake's list: two full pages and a half one, then the end. */
export const FAKE_LIST_COINS = 250
const PER_PAGE = 100
// The sample rows end where the fixtures' prices were taken.
const END_MS = Date.parse(coinsMarkets[0]?.last_updated ?? '2026-01-01T00:00:00Z')

const madeUpId = (rank: number) => `test-coin-${rank}`

/** The made-up coins' ids (the ranks no sample coin holds), for the fake's `coins/list`. */
export function madeUpListCoins(): { id: string; symbol: string; name: string }[] {
  const taken = new Set(sampleRanks('usd').keys())
  const coins = []
  for (let rank = 1; rank <= FAKE_LIST_COINS; rank++) {
    if (!taken.has(rank))
      coins.push({ id: madeUpId(rank), symbol: `tc${rank}`, name: `Test Coin ${rank}` })
  }
  return coins
}

function sampleRanks(currency: Currency): Map<number, Record<string, unknown>> {
  const rows = sampleMarketList(currency, END_MS)
  return new Map(
    rows.flatMap((row) =>
      typeof row.market_cap_rank === 'number' ? [[row.market_cap_rank, row] as const] : [],
    ),
  )
}

/** A made-up coin at `rank`, its sums in `currency` at the fixtures' rates; the same each run. */
function madeUp(rank: number, currency: Currency): Record<string, unknown> {
  const rate = sampleRate(currency)
  const price = (2000 / rank) * rate
  const cap = (4e11 / rank ** 1.4) * rate
  const swing = ((rank * 37) % 21) - 10
  return {
    id: madeUpId(rank),
    symbol: `tc${rank}`,
    name: `Test Coin ${rank}`,
    // On CoinGecko's image host, like the fixtures' (unreachable in tests: the monogram shows).
    image: `https://coin-images.coingecko.com/coins/images/${rank}/large/${madeUpId(rank)}.png`,
    current_price: price,
    market_cap: cap,
    market_cap_rank: rank,
    total_volume: cap / 20,
    high_24h: price * 1.03,
    low_24h: price * 0.96,
    price_change_percentage_24h: swing / 4,
    circulating_supply: Math.round(cap / price),
    max_supply: null,
    ath: price * 2,
    ath_change_percentage: -50,
    ath_date: '2024-03-14T00:00:00.000Z',
    price_change_percentage_1h_in_currency: swing / 20,
    price_change_percentage_7d_in_currency: swing,
    sparkline_in_7d: {
      price: Array.from({ length: 168 }, (_, i) => price * (1 + Math.sin((i + rank) / 11) / 20)),
    },
  }
}

/** Page `page` of the fake's list in `currency`, as the upstream sends it (`[]` past the end). */
export function fakeMarketListPage(currency: Currency, page: number): Record<string, unknown>[] {
  const samples = sampleRanks(currency)
  const rows = []
  const first = (page - 1) * PER_PAGE + 1
  for (let rank = first; rank < first + PER_PAGE && rank <= FAKE_LIST_COINS; rank++) {
    rows.push(samples.get(rank) ?? madeUp(rank, currency))
  }
  return rows
}

/** A made-up coin as the sample pages' builder takes it (its figures in US dollars). */
function madeUpSource(rank: number): SampleCoinSource {
  const row = madeUp(rank, 'usd')
  const num = (key: string) => (typeof row[key] === 'number' ? (row[key] as number) : null)
  return {
    id: madeUpId(rank),
    symbol: `tc${rank}`,
    name: `Test Coin ${rank}`,
    image: String(row.image),
    market_cap_rank: rank,
    current_price: num('current_price'),
    market_cap: num('market_cap'),
    total_volume: num('total_volume'),
    high_24h: num('high_24h'),
    low_24h: num('low_24h'),
    price_change_percentage_24h: num('price_change_percentage_24h'),
    circulating_supply: num('circulating_supply'),
    max_supply: null,
    ath: num('ath'),
    ath_change_percentage: num('ath_change_percentage'),
    ath_date: String(row.ath_date),
    last_updated: new Date(END_MS).toISOString(),
  }
}

/**
 * A made-up coin's `coins/{id}` or `coins/{id}/market_chart`, made like the sample coins' (so its
 * page agrees with its row), or undefined for any other path.
 */
export function madeUpCoinAnswer(path: string, search: URLSearchParams): string | undefined {
  const match = /^coins\/test-coin-(\d+)(\/market_chart)?$/.exec(path)
  const rank = Number(match?.[1])
  if (!match || !Number.isInteger(rank) || rank < 1 || rank > FAKE_LIST_COINS) return undefined
  const source = madeUpSource(rank)
  if (!match[2]) return JSON.stringify(sampleCoinDetail(source, END_MS))
  const currency = v.safeParse(CurrencySchema, search.get('vs_currency'))
  const chart = sampleMarketChart(source, search.get('days') ?? '', END_MS)
  return currency.success && chart
    ? JSON.stringify(chartIn(chart, currency.output, source.id))
    : undefined
}
