import type { MarketsResponse, TrendingResponse } from '../../src/features/market/schemas'
import type { Config } from '../config'
import type { Logger } from '../logger'
import type { Clock } from '../clock'
import { MarketCache } from './cache'
import type { Sample } from './sample'
import { createUpstream, type FetchFn } from './upstream'

export type MarketCaches = {
  markets: MarketCache<MarketsResponse>
  trending: MarketCache<TrendingResponse>
}

export function createMarketCaches(deps: {
  config: Config['market']
  sample: Sample
  clock: Clock
  logger: Logger
  fetch?: FetchFn | undefined
}): MarketCaches {
  const { config, sample, clock, logger } = deps
  const upstream = createUpstream({
    baseUrl: config.upstreamUrl,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    fetch: deps.fetch,
    now: () => clock.now(),
  })
  const onFailure = (name: string) => (error: { kind: string; message: string }) =>
    logger.warn(
      { resource: name, kind: error.kind, error: error.message },
      'market upstream failed',
    )
  return {
    markets: new MarketCache({
      name: 'markets',
      ttlMs: config.marketsTtlS * 1000,
      load: (signal) => upstream.markets(signal),
      sample: { data: sample.markets, updatedAt: sample.updatedAt },
      clock,
      firstWaitMs: config.firstWaitMs,
      onFailure: onFailure('markets'),
    }),
    trending: new MarketCache({
      name: 'trending',
      ttlMs: config.trendingTtlS * 1000,
      load: (signal) => upstream.trending(signal),
      sample: { data: sample.trending, updatedAt: sample.updatedAt },
      clock,
      firstWaitMs: config.firstWaitMs,
      onFailure: onFailure('trending'),
    }),
  }
}
