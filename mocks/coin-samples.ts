// Coin pages for the sample coins (the price list's and the trending ones), in CoinGecko's shapes,
// built from the list fixtures: bitcoin's detail is its own fixture, the others' are made from
// their list rows, and every chart is generated from the coin's price, the same on every run.
// Used by the server's sample data and by the MSW handlers.
import coinsBitcoin from './fixtures/coins-bitcoin.json' with { type: 'json' }
import coinsMarkets from './fixtures/coins-markets.json' with { type: 'json' }
import searchTrending from './fixtures/search-trending.json' with { type: 'json' }
import { CURRENCIES } from '@contract/currency'
import { inCurrencies } from './currency-samples'

/** What a sample coin's page is made from: a `coins/markets` row, or what trending says. */
export type SampleCoinSource = {
  id: string
  symbol: string
  name: string
  image: string | null
  market_cap_rank: number | null
  current_price: number | null
  market_cap: number | null
  total_volume: number | null
  high_24h: number | null
  low_24h: number | null
  price_change_percentage_24h: number | null
  circulating_supply: number | null
  max_supply: number | null
  ath: number | null
  ath_change_percentage: number | null
  ath_date: string | null
  last_updated: string | null
}

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null)
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)

function fromMarketsRow(row: Record<string, unknown>): SampleCoinSource {
  return {
    id: String(row.id),
    symbol: String(row.symbol),
    name: String(row.name),
    image: str(row.image),
    market_cap_rank: num(row.market_cap_rank),
    current_price: num(row.current_price),
    market_cap: num(row.market_cap),
    total_volume: num(row.total_volume),
    high_24h: num(row.high_24h),
    low_24h: num(row.low_24h),
    price_change_percentage_24h: num(row.price_change_percentage_24h),
    circulating_supply: num(row.circulating_supply),
    max_supply: num(row.max_supply),
    ath: num(row.ath),
    ath_change_percentage: num(row.ath_change_percentage),
    ath_date: str(row.ath_date),
    last_updated: str(row.last_updated),
  }
}

// Trending gives a price and its change, and its market cap only as text: the rest stays unknown.
function fromTrendingItem(
  item: (typeof searchTrending)['coins'][number]['item'],
): SampleCoinSource {
  const data: Record<string, unknown> = item.data
  const change = data.price_change_percentage_24h
  return {
    ...fromMarketsRow({}),
    id: item.id,
    symbol: item.symbol.toLowerCase(),
    name: item.name,
    image: item.large,
    market_cap_rank: num(item.market_cap_rank),
    current_price: num(data.price),
    price_change_percentage_24h:
      typeof change === 'object' && change !== null && 'usd' in change ? num(change.usd) : null,
  }
}

/** Every sample coin's source, by id: the price list's six, then the trending coins. */
export const sampleCoinSources: ReadonlyMap<string, SampleCoinSource> = new Map(
  [
    ...coinsMarkets.map((row) => fromMarketsRow(row)),
    ...searchTrending.coins.map((coin) => fromTrendingItem(coin.item)),
  ].map((coin) => [coin.id, coin]),
)

// What is not a sum stays the same in every currency: a date, and (roughly) a change in per cent.
const same = <T>(value: T) => Object.fromEntries(CURRENCIES.map((currency) => [currency, value]))

/**
 * `coins/{id}` for a sample coin: bitcoin's fixture, or one made from its list row, its sums in
 * every offered currency at the fixtures' rates.
 */
export function sampleCoinDetail(coin: SampleCoinSource): Record<string, unknown> {
  if (coin.id === coinsBitcoin.id) return coinsBitcoin
  return {
    id: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    web_slug: coin.id,
    asset_platform_id: null,
    description: {
      en: `${coin.name} (${coin.symbol.toUpperCase()}) is one of the coins of Coinvera's sample data.`,
    },
    links: { homepage: ['', '', ''] },
    image: { thumb: coin.image, small: coin.image, large: coin.image },
    market_cap_rank: coin.market_cap_rank,
    market_data: {
      current_price: inCurrencies(coin.current_price),
      ath: inCurrencies(coin.ath),
      ath_change_percentage: same(coin.ath_change_percentage),
      ath_date: same(coin.ath_date),
      market_cap: inCurrencies(coin.market_cap),
      market_cap_rank: coin.market_cap_rank,
      total_volume: inCurrencies(coin.total_volume),
      high_24h: inCurrencies(coin.high_24h),
      low_24h: inCurrencies(coin.low_24h),
      price_change_percentage_24h: coin.price_change_percentage_24h,
      price_change_percentage_24h_in_currency: same(coin.price_change_percentage_24h),
      max_supply: coin.max_supply,
      circulating_supply: coin.circulating_supply,
      last_updated: coin.last_updated,
    },
    last_updated: coin.last_updated,
  }
}

// Each span's points as CoinGecko sends them: 5-minutely for a day, hourly up to 90 days, daily
// beyond.
const SPANS: Record<string, { points: number; stepMs: number }> = {
  '1': { points: 288, stepMs: 5 * 60_000 },
  '7': { points: 168, stepMs: 3_600_000 },
  '30': { points: 720, stepMs: 3_600_000 },
  '365': { points: 365, stepMs: 86_400_000 },
}

// mulberry32: a tiny seeded generator, so a coin's sample chart is the same on every run.
function seeded(text: string): () => number {
  let seed = 0
  for (const char of text) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const round = (value: number) => Number(value.toPrecision(8))

/**
 * `coins/{id}/market_chart` for a sample coin over `days`, ending at `endMs`: a random walk that
 * ends at the coin's price, over the day its 24 h change (other spans get a drift of their own),
 * moving about as much as that change suggests (a stablecoin barely moves). Null without a price.
 */
export function sampleMarketChart(
  coin: SampleCoinSource,
  days: string,
  endMs: number,
): {
  prices: [number, number][]
  market_caps: [number, number][]
  total_volumes: [number, number][]
} | null {
  const span = SPANS[days]
  const price = coin.current_price
  if (!span || price === null || price <= 0) return null
  const random = seeded(`${coin.id}/${days}`)
  const change24h = coin.price_change_percentage_24h ?? 0
  const liveliness = Math.min(1, Math.max(0.02, Math.abs(change24h) / 3))
  const stepSigma = 0.02 * liveliness * Math.sqrt(span.stepMs / 86_400_000)
  const drift =
    days === '1'
      ? Math.log(1 + change24h / 100)
      : (random() - 0.45) * 0.3 * liveliness * Math.sqrt(Number(days) / 30)
  const walk = [0]
  for (let i = 1; i <= span.points; i++) {
    walk.push((walk[i - 1] ?? 0) + (random() - 0.5) * 2 * stepSigma)
  }
  const last = walk[span.points] ?? 0
  const prices: [number, number][] = walk.map((w, i) => {
    // Pinned at both ends (a bridge), then tilted so it rises by exactly `drift` to the price.
    const logChange = w - last * (i / span.points) + drift * (i / span.points - 1)
    return [endMs - (span.points - i) * span.stepMs, round(price * Math.exp(logChange))]
  })
  const supply = coin.circulating_supply
  const volume = coin.total_volume
  return {
    prices,
    market_caps: supply === null ? [] : prices.map(([at, p]) => [at, Math.round(p * supply)]),
    total_volumes:
      volume === null
        ? []
        : prices.map(([at]) => [at, Math.round(volume * (0.8 + 0.4 * random()))]),
  }
}
