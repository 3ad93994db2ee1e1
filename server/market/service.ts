import type { MarketsResponse, TrendingResponse } from '../../src/features/market/schemas'
import type { Config } from '../config'
import type { Logger } from '../logger'
import type { Clock } from '../clock'
import { UpstreamBudget } from './budget'
import { MarketCache } from './cache'
import { CoinPages } from './coins'
import type { Sample } from './sample'
import { createUpstream, type FetchFn } from './upstream'

export type MarketCaches = {
  markets: MarketCache<MarketsResponse>
  trending: MarketCache<TrendingResponse>
}

/** Everything that asks the upstream, sharing one client and one call budget. */
export type Market = {
  caches: MarketCaches
  coins: CoinPages
  budget: UpstreamBudget
}

export function createMarket(deps: {
  config: Config['market']
  sample: Sample
  clock: Clock
  logger: Logger
  fetch?: FetchFn | undefined
}): Market {
  const { config, sample, clock, logger } = deps
  const upstream = createUpstream({
    baseUrl: config.upstreamUrl,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    fetch: deps.fetch,
    now: () => clock.now(),
  })
  const budget = new UpstreamBudget({ callsPerMin: config.callsPerMin, clock })
  const logFailure = (name: string, error: { kind: string; message: string }) =>
    logger.warn(
      { resource: name, kind: error.kind, error: error.message },
      'market upstream failed',
    )
  const onFailure = (name: string) => (error: { kind: string; message: string }) =>
    logFailure(name, error)
  const lists = [budget.gate('lists')]
  return {
    budget,
    caches: {
      markets: new MarketCache({
        name: 'markets',
        ttlMs: config.marketsTtlS * 1000,
        load: (signal) => upstream.markets(signal),
        sample: { data: sample.markets, updatedAt: sample.updatedAt },
        gates: lists,
        clock,
        firstWaitMs: config.firstWaitMs,
        onFailure: onFailure('markets'),
      }),
      trending: new MarketCache({
        name: 'trending',
        ttlMs: config.trendingTtlS * 1000,
        load: (signal) => upstream.trending(signal),
        sample: { data: sample.trending, updatedAt: sample.updatedAt },
        gates: lists,
        clock,
        firstWaitMs: config.firstWaitMs,
        onFailure: onFailure('trending'),
      }),
    },
    coins: new CoinPages({
      upstream,
      sample,
      gate: budget.gate('coins'),
      clock,
      maxEntries: config.coinCacheEntries,
      firstWaitMs: config.firstWaitMs,
      onFailure: logFailure,
    }),
  }
}
