// Coin pages for the sample coins (the price list's and the trending ones), in CoinGecko's shapes,
// built from the list fixtures: bitcoin's detail is its own fixture, the others' are made from
// their list rows, and every chart is generated from the coin's price, the same on every run.
// Used by the server's sample data and by the MSW handlers.
import coinsBitcoin from '../../../mocks/fixtures/coins-bitcoin.json' with { type: 'json' }
import coinsMarkets from '../../../mocks/fixtures/coins-markets.json' with { type: 'json' }
import searchTrending from '../../../mocks/fixtures/search-trending.json' with { type: 'json' }
import { UPSTREAM_CURRENCIES } from '@contract/currency'
import { currencyCoin, inCurrencies } from './currencies'

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

// Trending gives a price, its change, and its market cap and volume as text ("$4,257,000,000"):
// the supply follows from the cap; highs, lows and the all-time high from the coin's own chart.
function fromTrendingItem(
  item: (typeof searchTrending)['coins'][number]['item'],
): SampleCoinSource {
  const data: Record<string, unknown> = item.data
  const change = data.price_change_percentage_24h
  const price = num(data.price)
  const cap = dollars(data.market_cap)
  return {
    ...fromMarketsRow({}),
    id: item.id,
    symbol: item.symbol.toLowerCase(),
    name: item.name,
    image: item.large,
    market_cap_rank: num(item.market_cap_rank),
    current_price: price,
    market_cap: cap,
    total_volume: dollars(data.total_volume),
    circulating_supply: cap !== null && price ? Math.round(cap / price) : null,
    price_change_percentage_24h:
      typeof change === 'object' && change !== null && 'usd' in change ? num(change.usd) : null,
  }
}

/** "$4,257,000,000" → 4257000000; anything else → null. */
function dollars(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\$[\d,]+(\.\d+)?$/.test(text)) return null
  return Number(text.slice(1).replaceAll(',', ''))
}

/** Every sample coin's source, by id: the price list's six, then the trending coins. */
export const sampleCoinSources: ReadonlyMap<string, SampleCoinSource> = new Map(
  [
    ...coinsMarkets.map((row) => fromMarketsRow(row)),
    ...searchTrending.coins.map((coin) => fromTrendingItem(coin.item)),
  ].map((coin) => [coin.id, coin]),
)

type Point = [number, number]

const HOUR = 3_600_000
const DAY = 24 * HOUR
const HOURS = 30 * 24 // the hourly part of a coin's past: 30 days
const DAYS = 365 // the daily part: a year

// mulberry32: a tiny seeded generator, so a coin's sample past is the same on every run.
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
 * A random walk through given points (log prices relative to today's, by index), each stretch
 * pinned at both ends (a bridge). `sigma`: how far one step moves, in log units.
 */
function walkThrough(anchors: [number, number][], sigma: number, random: () => number): number[] {
  const sorted = [...anchors].sort(([a], [b]) => a - b)
  const out: number[] = []
  for (let k = 0; k + 1 < sorted.length; k++) {
    const [i0, from] = sorted[k] as [number, number]
    const [i1, to] = sorted[k + 1] as [number, number]
    const steps = i1 - i0
    const walk = [0]
    for (let j = 1; j <= steps; j++) walk.push((walk[j - 1] ?? 0) + (random() - 0.5) * 2 * sigma)
    const end = walk[steps] ?? 0
    for (let j = k === 0 ? 0 : 1; j <= steps; j++) {
      const t = j / steps
      out[i0 + j] = from + (to - from) * t + (walk[j] ?? 0) - end * t
    }
  }
  return out
}

/**
 * A sample coin's past, in log prices relative to today's, as one story every chart is cut from:
 * 30 days hourly (the last 24 hours passing exactly through the day's high and low, and starting
 * where the 24 h change says), and a year daily that ends in those 30 days. Null without a price.
 */
type Past = { hourly: number[]; daily: number[]; high: number; low: number }
// Kept per source object, not per id: a copy of a coin with other figures has its own past.
const pasts = new WeakMap<SampleCoinSource, Past | null>()
function pastOf(coin: SampleCoinSource): Past | null {
  if (pasts.has(coin)) return pasts.get(coin) ?? null
  const price = coin.current_price
  let past: Past | null = null
  if (price !== null && price > 0) {
    const random = seeded(coin.id)
    const change24h = coin.price_change_percentage_24h ?? 0
    // Moving about as much as the 24 h change suggests: a stablecoin barely moves.
    const liveliness = Math.min(1, Math.max(0.02, Math.abs(change24h) / 3))
    const hourSigma = 0.02 * liveliness * Math.sqrt(1 / 24)
    const drift = (days: number) => (random() - 0.45) * 0.3 * liveliness * Math.sqrt(days / 30)
    const dayAgo = -Math.log(1 + change24h / 100)
    const weekAgo = dayAgo + drift(6)
    const monthAgo = weekAgo + drift(23)
    // How far a longer span's range reaches past a shorter one's: each span says something new.
    const reach = () => (0.01 + random() * 0.04) * liveliness
    // The six days before the last one.
    const week = walkThrough(
      [
        [0, weekAgo],
        [6 * 24, dayAgo],
      ],
      hourSigma,
      random,
    )
    // The last day: through its high and its low (the list's, or its own), never beyond them.
    const known = coin.high_24h !== null && coin.low_24h !== null
    const high = known ? Math.log((coin.high_24h as number) / price) : null
    const low = known ? Math.log((coin.low_24h as number) / price) : null
    const dayAnchors: [number, number][] = [
      [0, dayAgo],
      [24, 0],
    ]
    if (high !== null && low !== null) {
      const atHigh = 1 + Math.floor(random() * 23)
      const atLow = 1 + ((atHigh + Math.floor(random() * 22)) % 23)
      dayAnchors.push([atHigh, high], [atLow, low])
    }
    let day = walkThrough(dayAnchors, hourSigma, random)
    if (high !== null && low !== null) day = day.map((v) => Math.min(high, Math.max(low, v)))
    const lastWeek = [...week.slice(0, 6 * 24), ...day]
    // The 23 days before: once past the last week's high or its low, so the 30-day range is wider.
    const above = random() < 0.5
    const beyond = above ? Math.max(...lastWeek) + reach() : Math.min(...lastWeek) - reach()
    const month = walkThrough(
      [
        [0, monthAgo],
        [24 + Math.floor(random() * (HOURS - 8 * 24 - 24)), beyond],
        [HOURS - 7 * 24, weekAgo],
      ],
      hourSigma,
      random,
    )
    const hourly = [...month.slice(0, HOURS - 7 * 24), ...lastWeek]
    // The year before: daily, ending on the first of the 30 days, and once above the 30 days'
    // high, so the year's high is never below the month's, nor the day's.
    // A known all-time high stays the highest.
    const ceiling = coin.ath !== null && coin.ath > 0 ? Math.log(coin.ath / price) : Infinity
    const yearAgo = Math.min(ceiling, monthAgo + drift(DAYS - 30))
    const earlier = walkThrough(
      [
        [0, yearAgo],
        [1 + Math.floor(random() * (DAYS - 32)), Math.min(ceiling, Math.max(...hourly) + reach())],
        [DAYS - 30, hourly[0] ?? monthAgo],
      ],
      0.02 * liveliness,
      random,
    ).map((v) => Math.min(ceiling, v))
    const daily = [
      ...earlier.slice(0, DAYS - 30),
      ...Array.from({ length: 31 }, (_, k) => hourly[k * 24] ?? 0),
    ]
    past = {
      hourly,
      daily,
      high: Math.max(...day.map((v) => price * Math.exp(v))),
      low: Math.min(...day.map((v) => price * Math.exp(v))),
    }
  }
  pasts.set(coin, past)
  return past
}

/** The prices of `days` days of the coin's past, as CoinGecko spaces them, ending at `endMs`. */
function pricesOver(coin: SampleCoinSource, days: string, endMs: number): Point[] | null {
  const past = pastOf(coin)
  const price = coin.current_price
  if (!past || price === null) return null
  const at = (log: number) => round(price * Math.exp(log))
  if (days === '7' || days === '30') {
    const hours = Number(days) * 24
    return past.hourly.slice(HOURS - hours).map((log, i) => [endMs - (hours - i) * HOUR, at(log)])
  }
  if (days === '365') return past.daily.map((log, i) => [endMs - (DAYS - i) * DAY, at(log)])
  if (days !== '1') return null
  // Every 5 minutes: each hour's twelve steps stay between its ends, so the day's high and low
  // are those of the hourly points.
  const random = seeded(`${coin.id}/1`)
  const hours = past.hourly.slice(HOURS - 24)
  const points: Point[] = [[endMs - DAY, at(hours[0] ?? 0)]]
  for (let h = 0; h < 24; h++) {
    const from = hours[h] ?? 0
    const to = hours[h + 1] ?? 0
    const steps = walkThrough(
      [
        [0, from],
        [12, to],
      ],
      Math.abs(to - from) / 4 + 0.0004,
      random,
    )
    for (let j = 1; j <= 12; j++) {
      const log = Math.min(Math.max(from, to), Math.max(Math.min(from, to), steps[j] ?? to))
      points.push([endMs - DAY + (h * 12 + j) * 5 * 60_000, at(log)])
    }
  }
  return points
}

/** The coin's all-time high: its known one, or the highest of its sample year; and when. */
function allTimeHigh(coin: SampleCoinSource, endMs: number): { ath: number; date: string } | null {
  const year = pricesOver(coin, '365', endMs) ?? []
  const month = pricesOver(coin, '30', endMs) ?? []
  let best: Point | null = null
  for (const point of [...year, ...month]) if (!best || point[1] > best[1]) best = point
  if (coin.ath !== null && coin.ath_date !== null && (!best || coin.ath >= best[1])) {
    return { ath: coin.ath, date: coin.ath_date }
  }
  return best && { ath: best[1], date: new Date(best[0]).toISOString() }
}

// What is not a sum stays the same in every currency: a date, and (roughly) a change in per cent.
const same = <T>(value: T) =>
  Object.fromEntries(UPSTREAM_CURRENCIES.map((currency) => [currency, value]))

/**
 * `coins/{id}` for a sample coin: bitcoin's fixture, or one made from its list row and its past
 * (which ends at `endMs`), its sums in every offered currency at the fixtures' rates. Every
 * figure agrees with the others: the day's high and low are the chart's, the all-time high is
 * at least the chart's highest, its distance is computed from the price.
 */
export function sampleCoinDetail(coin: SampleCoinSource, endMs: number): Record<string, unknown> {
  if (coin.id === coinsBitcoin.id) return coinsBitcoin
  const past = pastOf(coin)
  const high = allTimeHigh(coin, endMs)
  const prices = pricesIn(coin.current_price, coin.id)
  const highs = high ? pricesIn(high.ath, coin.id) : null
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
      current_price: prices,
      ath: highs ?? pricesIn(null, coin.id),
      ath_change_percentage: Object.fromEntries(
        UPSTREAM_CURRENCIES.map((currency) => {
          const now = prices[currency]
          const top = highs?.[currency]
          return [currency, now != null && top ? ((now - top) / top) * 100 : null]
        }),
      ),
      ath_date: same(high?.date ?? null),
      market_cap: sumsIn(coin.market_cap, coin),
      market_cap_rank: coin.market_cap_rank,
      total_volume: sumsIn(coin.total_volume, coin),
      high_24h: pricesIn(past?.high ?? null, coin.id),
      low_24h: pricesIn(past?.low ?? null, coin.id),
      price_change_percentage_24h: coin.price_change_percentage_24h,
      price_change_percentage_24h_in_currency: Object.fromEntries(
        UPSTREAM_CURRENCIES.map((currency) => [
          currency,
          currencyCoin(currency) === coin.id ? 0 : coin.price_change_percentage_24h,
        ]),
      ),
      max_supply: coin.max_supply,
      circulating_supply: coin.circulating_supply,
      last_updated: coin.last_updated,
    },
    last_updated: coin.last_updated,
  }
}

/** A price in US dollars in every offered currency; a coin in its own currency is worth 1. */
function pricesIn(usd: number | null, coinId: string) {
  const converted = inCurrencies(usd)
  for (const currency of UPSTREAM_CURRENCIES) {
    if (usd !== null && currencyCoin(currency) === coinId) converted[currency] = 1
  }
  return converted
}

/** A sum in US dollars in every offered currency; in its own currency, a coin's sum is in coins. */
function sumsIn(usd: number | null, coin: SampleCoinSource) {
  const converted = inCurrencies(usd)
  for (const currency of UPSTREAM_CURRENCIES) {
    if (usd !== null && coin.current_price && currencyCoin(currency) === coin.id) {
      converted[currency] = usd / coin.current_price
    }
  }
  return converted
}

/**
 * `coins/{id}/market_chart` for a sample coin over `days`, ending at `endMs`, in US dollars: the
 * prices are its past's; caps follow from its supply, volumes wander around its 24 h volume.
 * Null without a price or for another span.
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
  const prices = pricesOver(coin, days, endMs)
  if (!prices) return null
  const random = seeded(`${coin.id}/volumes/${days}`)
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
