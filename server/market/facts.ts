import { LRUCache } from 'lru-cache'
import * as v from 'valibot'
import { type CoinDetail, CoinDetailSchema } from '@contract/coin'
import { type Currency, UPSTREAM_CURRENCIES, type UpstreamCurrency } from '@contract/currency'
import { type ListedCoin, ListedCoinSchema } from '@contract/market-list'
import type { Clock } from '../clock'
import type { DataStamp } from './cache'
import type { PriceListener, SeenPrice } from './prices'

/** A coin's figures in one currency, from the newest real answer of one kind that had them. */
type Held = { coin: ListedCoin; at: number; ttlMs: number }

/** A coin's figures in one currency as the site shows them, and what they are. */
export type CoinFacts = { coin: ListedCoin; stamp: DataStamp }

type PerCurrency = { detail?: Held; row?: Held }

// Coins kept at most: every coin of the 2,000-coin list in six currencies, and details beyond.
const MAX_COINS = 20_000

/**
 * The market facts the server holds: each coin's figures in each currency, with when and from
 * which real answer they came. Every real upstream answer with coin figures feeds it (the price
 * lists, the pages of the full list, the alerted coins, coins' details), once per new answer;
 * the sample never does. Whatever shows a coin's figures reads them here, by one rule (`get`):
 * the freshest real value the server holds wins, and a sample only for a coin it never had real
 * figures for (the caller's fallback).
 */
export class MarketFacts {
  readonly #coins = new LRUCache<string, Partial<Record<Currency, PerCurrency>>>({
    max: MAX_COINS,
  })
  readonly #clock: Clock
  readonly #onPrices: PriceListener | undefined

  constructor(options: { clock: Clock; onPrices?: PriceListener | undefined }) {
    this.#clock = options.clock
    this.#onPrices = options.onPrices
  }

  /** A real `coins/markets` answer's rows in `currency`, as its cache keeps them. */
  recordRows(
    currency: Currency,
    rows: readonly unknown[],
    at: number,
    ttlMs: number,
    source: string,
  ): void {
    const prices: SeenPrice[] = []
    for (const row of rows) {
      // The rows passed their list's schema; this narrower one keeps the figures a coin shows.
      const parsed = v.safeParse(ListedCoinSchema, row)
      if (!parsed.success) continue
      const coin = parsed.output
      this.#put(coin.id, currency, 'row', { coin, at, ttlMs })
      if (isPrice(coin.current_price)) {
        prices.push({ id: coin.id, name: coin.name, price: coin.current_price })
      }
    }
    this.#onPrices?.({ currency, prices, at: new Date(at), source })
  }

  /** A real `coins/{id}` answer: its figures in every offered currency it has. */
  recordDetail(detail: CoinDetail, at: number, ttlMs: number, source: string): void {
    for (const currency of UPSTREAM_CURRENCIES) {
      const coin = listedOf(detail, currency)
      if (!coin) continue
      this.#put(detail.id, currency, 'detail', { coin, at, ttlMs })
      if (isPrice(coin.current_price)) {
        this.#onPrices?.({
          currency,
          prices: [{ id: detail.id, name: detail.name, price: coin.current_price }],
          at: new Date(at),
          source,
        })
      }
    }
  }

  /**
   * The coin's figures in `currency` by the rule: a fresh detail, then a fresh list row, then the
   * newer of the older ones (stale, with its age); null when the server never had real ones.
   */
  get(id: string, currency: Currency): CoinFacts | null {
    const held = this.#coins.get(id)?.[currency]
    if (!held) return null
    const now = this.#clock.now()
    const fresh = (h: Held | undefined) => h !== undefined && now - h.at < h.ttlMs
    const chosen = fresh(held.detail)
      ? held.detail
      : fresh(held.row)
        ? held.row
        : newer(held.detail, held.row)
    if (!chosen) return null
    const age = now - chosen.at
    return {
      coin: chosen.coin,
      stamp: {
        source: age < chosen.ttlMs ? 'cache' : 'stale',
        updatedAt: new Date(chosen.at),
        freshForS: age < chosen.ttlMs ? Math.max(1, Math.ceil((chosen.ttlMs - age) / 1000)) : 0,
      },
    }
  }

  /** Whether the server has had real figures for the coin, in any currency. */
  has(id: string): boolean {
    return this.#coins.has(id)
  }

  #put(id: string, currency: Currency, kind: keyof PerCurrency, held: Held): void {
    let coin = this.#coins.get(id)
    if (!coin) {
      coin = {}
      this.#coins.set(id, coin)
    }
    coin[currency] ??= {}
    const own = coin[currency]
    // An older answer arriving late (another instance's shared copy) never replaces a newer one.
    const before = own[kind]
    if (!before || before.at <= held.at) own[kind] = held
  }
}

const isPrice = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0

const newer = (a: Held | undefined, b: Held | undefined) =>
  a && b ? (a.at >= b.at ? a : b) : (a ?? b)

/** A detail's figures in one currency, as a list row has them; null without a price there. */
function listedOf(detail: CoinDetail, currency: Currency): ListedCoin | null {
  const market = detail.market_data
  const price = market?.current_price?.[currency]
  if (price === undefined || price === null) return null
  return {
    id: detail.id,
    symbol: detail.symbol,
    name: detail.name,
    image: detail.image?.large ?? detail.image?.small ?? detail.image?.thumb ?? null,
    market_cap_rank: detail.market_cap_rank,
    current_price: price,
    market_cap: market?.market_cap?.[currency],
    total_volume: market?.total_volume?.[currency],
    high_24h: market?.high_24h?.[currency],
    low_24h: market?.low_24h?.[currency],
    price_change_percentage_24h: market?.price_change_percentage_24h_in_currency?.[currency],
    circulating_supply: market?.circulating_supply,
    max_supply: market?.max_supply,
    ath: market?.ath?.[currency],
    ath_change_percentage: market?.ath_change_percentage?.[currency],
    ath_date: market?.ath_date?.[currency],
  }
}

/**
 * A coin's details made of the figures the store holds (no description, no links): what the coin
 * API answers when its own details are not to be had but real figures are. Its stamp is the
 * oldest of the currencies' figures it holds.
 */
export function detailFromFacts(
  id: string,
  facts: MarketFacts,
): { detail: CoinDetail; stamp: DataStamp } | null {
  const held = UPSTREAM_CURRENCIES.map(
    (currency) => [currency, facts.get(id, currency)] as const,
  ).filter((entry): entry is readonly [UpstreamCurrency, CoinFacts] => entry[1] !== null)
  const first = held[0]?.[1]
  if (!first) return null
  const per = <K extends keyof ListedCoin>(key: K) =>
    Object.fromEntries(held.map(([currency, f]) => [currency, f.coin[key] ?? null]))
  const oldest = held.reduce((a, b) => (b[1].stamp.updatedAt < a.stamp.updatedAt ? b[1] : a), first)
  const detail = {
    id,
    symbol: first.coin.symbol,
    name: first.coin.name,
    image: first.coin.image
      ? { thumb: first.coin.image, small: first.coin.image, large: first.coin.image }
      : null,
    market_cap_rank: first.coin.market_cap_rank,
    description: null,
    links: null,
    market_data: {
      current_price: per('current_price'),
      market_cap: per('market_cap'),
      total_volume: per('total_volume'),
      high_24h: per('high_24h'),
      low_24h: per('low_24h'),
      price_change_percentage_24h: facts.get(id, 'usd')?.coin.price_change_percentage_24h ?? null,
      price_change_percentage_24h_in_currency: per('price_change_percentage_24h'),
      circulating_supply: first.coin.circulating_supply,
      max_supply: first.coin.max_supply,
      ath: per('ath'),
      ath_date: per('ath_date'),
      ath_change_percentage: per('ath_change_percentage'),
      last_updated: null,
    },
  }
  return { detail: v.parse(CoinDetailSchema, detail), stamp: oldest.stamp }
}
