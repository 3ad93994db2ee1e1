import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import {
  type MarketsResponse,
  MarketsResponseSchema,
  type TrendingResponse,
  TrendingResponseSchema,
} from '../../src/features/market/schemas'
import { marketsWithSampleImages, trendingWithSampleImages } from '../../mocks/sample-images'

// The test fixtures are the one source of truth for the sample data shipped with the server.
const FIXTURES = new URL('../../mocks/fixtures/', import.meta.url)

export type Sample = {
  markets: MarketsResponse
  trending: TrendingResponse
  updatedAt: Date
}

function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'))
}

/** The fixtures, parsed by the site's schemas, with every image pointing at a local file. */
export function loadSample(): Sample {
  const markets = marketsWithSampleImages(
    v.parse(MarketsResponseSchema, readFixture('coins-markets.json')),
  )
  const trending = trendingWithSampleImages(
    v.parse(TrendingResponseSchema, readFixture('search-trending.json')),
  )
  const latest = Math.max(0, ...markets.map((coin) => Date.parse(coin.last_updated ?? '') || 0))
  return {
    markets,
    trending,
    updatedAt: new Date(latest),
  }
}
