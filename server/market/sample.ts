import * as v from 'valibot'
import {
  type MarketsResponse,
  MarketsResponseSchema,
  type TrendingResponse,
  TrendingResponseSchema,
} from '../../src/features/market/schemas'
// The test fixtures are the one source of truth for the sample data shipped with the server
// (bundled into it by the build).
import coinsMarkets from '../../mocks/fixtures/coins-markets.json' with { type: 'json' }
import searchTrending from '../../mocks/fixtures/search-trending.json' with { type: 'json' }
import { marketsWithSampleImages, trendingWithSampleImages } from '../../mocks/sample-images'

export type Sample = {
  markets: MarketsResponse
  trending: TrendingResponse
  updatedAt: Date
}

/** The fixtures, parsed by the site's schemas, with every image pointing at a local file. */
export function loadSample(): Sample {
  const markets = marketsWithSampleImages(v.parse(MarketsResponseSchema, coinsMarkets))
  const trending = trendingWithSampleImages(v.parse(TrendingResponseSchema, searchTrending))
  const latest = Math.max(0, ...markets.map((coin) => Date.parse(coin.last_updated ?? '') || 0))
  return {
    markets,
    trending,
    updatedAt: new Date(latest),
  }
}
