import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import {
  type MarketsResponse,
  MarketsResponseSchema,
  type TrendingResponse,
  TrendingResponseSchema,
} from '../../src/features/market/schemas'

// The test fixtures are the one source of truth for the sample data shipped with the server.
const FIXTURES = new URL('../../mocks/fixtures/', import.meta.url)

/** Where the shipped monogram images live (public/sample-coins, copied into the build). */
export function sampleImagePath(id: string): string {
  return `/sample-coins/${id}.png`
}

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
  const markets = v
    .parse(MarketsResponseSchema, readFixture('coins-markets.json'))
    .map((coin) => ({ ...coin, image: sampleImagePath(coin.id) }))
  const trending = v.parse(TrendingResponseSchema, readFixture('search-trending.json'))
  const latest = Math.max(0, ...markets.map((coin) => Date.parse(coin.last_updated ?? '') || 0))
  return {
    markets,
    trending: {
      coins: trending.coins.map(({ item }) => ({
        item: { ...item, thumb: sampleImagePath(item.id), large: sampleImagePath(item.id) },
      })),
    },
    updatedAt: new Date(latest),
  }
}
