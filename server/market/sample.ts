import * as v from 'valibot'
import {
  type ChartDays,
  type CoinDetail,
  CoinDetailSchema,
  type CoinList,
  CoinListSchema,
  type MarketChart,
  MarketChartSchema,
} from '@contract/coin'
import type { UpstreamCurrency } from '@contract/currency'
import { type ExchangeRatesResponse, ExchangeRatesResponseSchema } from '@contract/exchange-rates'
import {
  type GlobalResponse,
  GlobalResponseSchema,
  type MarketsResponse,
  MarketsResponseSchema,
  type TrendingResponse,
  TrendingResponseSchema,
} from '@contract/market'
// The test fixtures are the one source of truth for the sample data shipped with the server
// (bundled into it by the build).
import coinsMarkets from '../../mocks/fixtures/coins-markets.json' with { type: 'json' }
import searchTrending from '../../mocks/fixtures/search-trending.json' with { type: 'json' }
import coinsList from '../../mocks/fixtures/coins-list.json' with { type: 'json' }
import global from '../../mocks/fixtures/global.json' with { type: 'json' }
// Made for the sample, not captured: the dollar's rates of late 2025, bitcoin at the price list
// fixture's price, and the `global` fixture's own rates for the currencies it has.
import exchangeRates from '../../mocks/fixtures/exchange-rates.json' with { type: 'json' }
import { chartIn, marketsIn } from './sample/currencies'
import { sampleMarketList } from './sample/market-list'
import { type MarketListResponse, MarketListResponseSchema } from '@contract/market-list'
import { sampleCoinDetail, sampleCoinSources, sampleMarketChart } from './sample/coins'
import { marketsWithSampleImages, sampleImagePath, trendingWithSampleImages } from './sample/images'

export type Sample = {
  /** The price list in US dollars, as the fixture has it. */
  markets: MarketsResponse
  /** The price list in `currency`, converted at the fixtures' own rates (sample/currencies.ts). */
  marketsIn(currency: UpstreamCurrency): MarketsResponse
  /** The full list's first page in `currency`: one row per sample coin (sample/market-list.ts). */
  marketList(currency: UpstreamCurrency): MarketListResponse
  global: GlobalResponse
  trending: TrendingResponse
  /** The coins known before the upstream's own list arrives (or when it never does). */
  coinList: CoinList
  /** A sample coin's page data (every currency in one), else null (a coin the sample lacks). */
  coinDetail(id: string): CoinDetail | null
  /** A sample coin's chart in `currency`, converted like the price list; else null. */
  marketChart(id: string, currency: UpstreamCurrency, days: ChartDays): MarketChart | null
  /** Every currency's rate, for converting before the upstream's own rates arrive. */
  exchangeRates: ExchangeRatesResponse
  updatedAt: Date
}

/**
 * The fixtures, parsed by the site's schemas, with every image pointing at a local file. Their
 * past (charts, the list's rows) ends `now`, when the server loads them: a chart that ended on the
 * fixtures' own day would stop days before the day the visitor sees it.
 */
export function loadSample(now: number = Date.now()): Sample {
  const markets = marketsWithSampleImages(v.parse(MarketsResponseSchema, coinsMarkets))
  const trending = trendingWithSampleImages(v.parse(TrendingResponseSchema, searchTrending))
  const updatedAt = new Date(now)
  return {
    markets,
    marketsIn: (currency) => marketsIn(markets, currency),
    marketList: (currency) =>
      marketsWithSampleImages(
        v.parse(MarketListResponseSchema, sampleMarketList(currency, updatedAt.getTime())),
      ),
    global: v.parse(GlobalResponseSchema, global),
    trending,
    coinList: v.parse(CoinListSchema, coinsList),
    coinDetail: (id) => {
      const source = sampleCoinSources.get(id)
      if (!source) return null
      const detail = v.parse(CoinDetailSchema, sampleCoinDetail(source, updatedAt.getTime()))
      const image = sampleImagePath(id)
      return { ...detail, image: { thumb: image, small: image, large: image } }
    },
    marketChart: (id, currency, days) => {
      const source = sampleCoinSources.get(id)
      const chart = source && sampleMarketChart(source, days, updatedAt.getTime())
      return chart ? v.parse(MarketChartSchema, chartIn(chart, currency, id)) : null
    },
    exchangeRates: v.parse(ExchangeRatesResponseSchema, exchangeRates),
    updatedAt,
  }
}
