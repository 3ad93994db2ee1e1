import type { GlobalResponse, MarketsResponse, TrendingResponse } from '@contract/market'
import {
  CONVERTED_CURRENCIES,
  type ConvertedCurrency,
  type Currency,
  DEFAULT_CURRENCY,
  UPSTREAM_CURRENCIES,
  type UpstreamCurrency,
} from '@contract/currency'
import type { ExchangeRatesResponse } from '@contract/exchange-rates'
import type { Config } from '../config'
import type { Logger } from '../logger'
import type { Clock } from '../clock'
import {
  type BudgetUse,
  type CallerKind,
  type CallGate,
  marketsCaller,
  UpstreamBudget,
} from './budget'
import {
  type CacheOptions,
  type CacheReader,
  MarketCache,
  type SharedRefresh,
  UpstreamReach,
} from './cache'
import { CoinPages } from './coins'
import { convertGlobal, convertMarkets } from './convert'
import { ConvertedCache } from './converted-cache'
import { MarketFacts } from './facts'
import { MarketLists } from './lists'
import type { PriceListener } from './prices'
import { ExchangeRates, type RateHistoryStore } from './rates'
import type { Sample } from './sample'
import { createUpstream, type FetchFn, type Upstream } from './upstream'

/**
 * What the instances on one PostgreSQL share, as the market sees it (server/shared/ implements
 * it): each cache key's row, and the deployment's call budget.
 */
export type SharedMarket = {
  /** The refresh through the shared row of one cache key. */
  rows: (key: string, ttlMs: number) => SharedRefresh
  budget: BudgetUse
  /** The upstream, each call first spent from the deployment's budget. */
  budgeted(upstream: Upstream): Upstream
  /** The exchange rates' hourly snapshots, so every instance knows the rates of a day before. */
  rateHistory?: RateHistoryStore | undefined
}

export type MarketCaches = {
  /**
   * The price list, one cache per currency: the upstream's own in each of UPSTREAM_CURRENCIES,
   * the dollars' converted in each other (no upstream call of its own).
   */
  markets: Record<Currency, CacheReader<MarketsResponse>>
  trending: MarketCache<TrendingResponse>
  /** The whole market (`global`): every currency's figures in one answer (converted ones made). */
  global: CacheReader<GlobalResponse>
  /** `exchange_rates`, which every converted currency is made with (read through `Market.rates`). */
  rates: MarketCache<ExchangeRatesResponse>
}

/** Every cache of the lists, for warming up and closing. */
export const allCaches = (caches: MarketCaches): CacheReader[] => [
  ...Object.values(caches.markets),
  caches.trending,
  caches.global,
  caches.rates,
]

/** Everything that asks the upstream, sharing one client and one call budget. */
export type Market = {
  caches: MarketCaches
  coins: CoinPages
  /** The full list (`/coins`), per currency and page. */
  lists: MarketLists
  /**
   * Per currency, the prices of the coins `alertedIds` names (the price alerts' coins on no list
   * the server refreshes): one call of at most `MAX_ALERTED` ids per TTL, from the coin pages'
   * share of the budget; the alerts module refreshes them.
   */
  alerted: Record<UpstreamCurrency, MarketCache<MarketsResponse>>
  /** Every coin's figures from every real answer, by the one rule (server/market/facts.ts). */
  facts: MarketFacts
  /** The exchange rates as conversions read them, with the rates of a day before. */
  rates: ExchangeRates
  budget: BudgetUse
}

// Past this many, further dropped items go unlogged: a broken upstream must not flood the log.
const MAX_DROPS_LOGGED = 1000

/**
 * Logs each item an upstream list drops once per process, with the reason: the coin list comes
 * again every day with the same misfits.
 */
function droppedLog(logger: Logger) {
  const logged = new Set<string>()
  return (resource: string, item: unknown, reason: string) => {
    const whole =
      typeof item === 'object' && item !== null && 'id' in item ? item.id : JSON.stringify(item)
    const id = String(whole).slice(0, 200)
    const key = `${resource}\n${id}`
    if (logged.has(key) || logged.size >= MAX_DROPS_LOGGED) return
    logged.add(key)
    logger.warn({ resource, id, reason }, 'upstream item dropped')
  }
}

/** The ids one `coins/markets` call may name. */
export const MAX_ALERTED = 250

// The gate of a shared budget: every call is spent where it is made (server/shared/budget.ts).
const OPEN_GATE: CallGate = { refusal: 'busy', waitMs: () => 0, spend: () => undefined }

export function createMarket(deps: {
  config: Config['market']
  sample: Sample
  clock: Clock
  logger: Logger
  fetch?: FetchFn | undefined
  /** Instances on one PostgreSQL: cache rows and the budget of the deployment (else in memory). */
  shared?: SharedMarket | null
  /** Told of the prices in every refresh (the price alerts). */
  onPrices?: PriceListener | undefined
  /** The coins, per currency, whose prices `alerted` asks for (at most MAX_ALERTED used). */
  alertedIds?: ((currency: UpstreamCurrency) => readonly string[]) | undefined
}): Market {
  const { config, sample, clock, logger } = deps
  const facts = new MarketFacts({ clock, onPrices: deps.onPrices })
  const shared = deps.shared ?? null
  const direct = createUpstream({
    baseUrl: config.upstreamUrl,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    fetch: deps.fetch,
    now: () => clock.now(),
    onDropped: droppedLog(logger),
  })
  // One instance's caches pass its own budget's gates; instances that share a budget spend it at
  // each upstream call instead (budgetedUpstream), so their gates are open.
  let budget: BudgetUse
  let upstream: Upstream
  let gate: (kind: CallerKind) => CallGate
  if (shared) {
    budget = shared.budget
    upstream = shared.budgeted(direct)
    gate = () => OPEN_GATE
  } else {
    const own = new UpstreamBudget({ callsPerMin: config.callsPerMin, clock })
    budget = own
    upstream = direct
    gate = (kind) => own.gate(kind)
  }
  const logFailure = (name: string, error: { kind: string; message: string }) =>
    logger.warn(
      { resource: name, kind: error.kind, error: error.message },
      'market upstream failed',
    )
  const onFailure = (name: string) => (error: { kind: string; message: string }) =>
    logFailure(name, error)
  // Every refresh's end, kept or failed (its cache's `fetching` is false again): a trace of the
  // upstream work at debug level.
  const logEnded = (name: string) => logger.debug({ resource: name }, 'market refresh ended')
  const onEnded = (name: string) => () => logEnded(name)
  const lists = [gate('lists')]
  const reach = new UpstreamReach()
  // What every named cache of this service shares: its clock, first wait, logs and shared row.
  const cache = <T>(
    name: string,
    ttlMs: number,
    options: Pick<CacheOptions<T>, 'load' | 'gates' | 'sample' | 'onData'>,
  ) =>
    new MarketCache<T>({
      name,
      ttlMs,
      clock,
      firstWaitMs: config.firstWaitMs,
      onFailure: onFailure(name),
      onEnded: onEnded(name),
      shared: shared?.rows(name, ttlMs),
      ...options,
    })
  const marketsIn = (currency: UpstreamCurrency) => {
    const name = currency === DEFAULT_CURRENCY ? 'markets' : `markets:${currency}`
    return cache<MarketsResponse>(name, config.marketsTtlS * 1000, {
      load: (signal) => upstream.markets(currency, signal),
      sample: { data: sample.marketsIn(currency), updatedAt: sample.updatedAt },
      gates: [gate(marketsCaller(currency))],
      onData: (rows, at) => facts.recordRows(currency, rows, at, config.marketsTtlS * 1000, name),
    })
  }
  const alertedIn = (currency: UpstreamCurrency) => {
    const name = `alerted:${currency}`
    const ttlMs = config.alertsIntervalS * 1000
    // On one PostgreSQL, one instance asks per interval; every instance reads its answer.
    return cache<MarketsResponse>(name, ttlMs, {
      load: (signal) =>
        upstream.marketsOf(
          currency,
          (deps.alertedIds?.(currency) ?? []).slice(0, MAX_ALERTED),
          signal,
        ),
      gates: [gate('coins')],
      onData: (rows, at) => facts.recordRows(currency, rows, at, ttlMs, 'coins/markets?ids'),
    })
  }
  // One call per TTL for every converted currency, from the lists' share: what they all need.
  const ratesCache = cache<ExchangeRatesResponse>(
    'exchange_rates',
    config.exchangeRatesTtlS * 1000,
    {
      load: (signal) => upstream.exchangeRates(signal),
      sample: { data: sample.exchangeRates, updatedAt: sample.updatedAt },
      gates: lists,
      onData: (data, at) => rates.record(data, at),
    },
  )
  const rates = new ExchangeRates({ cache: ratesCache, clock, store: shared?.rateHistory })
  const upstreamMarkets = Object.fromEntries(
    UPSTREAM_CURRENCIES.map((currency) => [currency, marketsIn(currency)]),
  ) as Record<UpstreamCurrency, MarketCache<MarketsResponse>>
  // Every other currency's price list: the dollars', converted (no upstream call of its own).
  const convertedMarkets = {} as Record<ConvertedCurrency, CacheReader<MarketsResponse>>
  for (const currency of CONVERTED_CURRENCIES) {
    convertedMarkets[currency] = new ConvertedCache({
      source: upstreamMarkets.usd,
      rates,
      currency,
      convert: (rows) => {
        const rate = rates.rate(currency)
        return rate && convertMarkets(rows, rate)
      },
    })
  }
  return {
    budget,
    facts,
    caches: {
      markets: { ...upstreamMarkets, ...convertedMarkets },
      global: new ConvertedCache({
        source: cache<GlobalResponse>('global', config.globalTtlS * 1000, {
          load: (signal) => upstream.global(signal),
          sample: { data: sample.global, updatedAt: sample.updatedAt },
          gates: lists,
        }),
        rates,
        currency: null,
        convert: (global) => convertGlobal(global, rates.rates),
        ownsSource: true,
      }),
      trending: cache<TrendingResponse>('trending', config.trendingTtlS * 1000, {
        load: (signal) => upstream.trending(signal),
        sample: { data: sample.trending, updatedAt: sample.updatedAt },
        gates: lists,
      }),
      rates: ratesCache,
    },
    rates,
    alerted: Object.fromEntries(
      UPSTREAM_CURRENCIES.map((currency) => [currency, alertedIn(currency)]),
    ) as Record<UpstreamCurrency, MarketCache<MarketsResponse>>,
    coins: new CoinPages({
      facts,
      rates,
      upstream,
      sample,
      gate: gate('coins'),
      shared: shared?.rows,
      clock,
      maxEntries: config.coinCacheEntries,
      firstWaitMs: config.firstWaitMs,
      onFailure: logFailure,
      onEnded: logEnded,
      reach,
    }),
    lists: new MarketLists({
      facts,
      rates,
      pages: config.listPages,
      firstPageTtlMs: config.marketsTtlS * 1000,
      ttlMs: config.listTtlS * 1000,
      load: (currency, page, signal) => upstream.marketList(currency, page, signal),
      sample: (currency) => sample.marketList(currency),
      sampleUpdatedAt: sample.updatedAt,
      gate: gate('coins'),
      clock,
      firstWaitMs: config.firstWaitMs,
      onFailure: logFailure,
      onEnded: logEnded,
      shared: shared?.rows,
      reach,
    }),
  }
}
