import { HttpResponse, http } from 'msw'
import * as v from 'valibot'
import bitcoinChart7 from '../fixtures/coins-bitcoin-market-chart-7.json'
import coinsList from '../fixtures/coins-list.json'
import coinsMarkets from '../fixtures/coins-markets.json'
import global from '../fixtures/global.json'
import searchTrending from '../fixtures/search-trending.json'
import exchangeRates from '../fixtures/exchange-rates.json'
import { chartIn, marketsIn, sampleRate } from '../../server/market/sample/currencies'
import { type Currency, CurrencySchema, isUpstreamCurrency } from '@contract/currency'
import { CONVERSION_HEADER, type Conversion } from '@contract/exchange-rates'
import {
  sampleCoinDetail,
  sampleCoinSources,
  sampleMarketChart,
} from '../../server/market/sample/coins'
import { sampleMarketList } from '../../server/market/sample/market-list'
import {
  marketsWithSampleImages,
  sampleImagePath,
  trendingWithSampleImages,
} from '../../server/market/sample/images'

// CoinGecko's answers for an id it does not know, and for a currency it does not (of ours).
const coinNotFound = () => HttpResponse.json({ error: 'coin not found' }, { status: 404 })
const invalidCurrency = () => HttpResponse.json({ error: 'invalid vs_currency' }, { status: 400 })

// The charts end where the fixtures' prices were taken.
const CHART_END_MS = Date.parse(coinsMarkets[0]?.last_updated ?? '2026-01-01T00:00:00Z')

/** `coins/{id}` and its chart for the sample coins; `images` rewrites the coin's images. */
function coinHandlers(images: (id: string, detail: Record<string, unknown>) => object) {
  return [
    http.get('*/coins/:id/market_chart', ({ params, request }) => {
      const id = String(params.id)
      const search = new URL(request.url).searchParams
      const days = search.get('days') ?? ''
      const currency = v.safeParse(CurrencySchema, search.get('vs_currency'))
      if (!currency.success) return invalidCurrency()
      const source = sampleCoinSources.get(id)
      if (!source) return coinNotFound()
      const chart =
        id === 'bitcoin' && days === '7'
          ? bitcoinChart7
          : sampleMarketChart(source, days, CHART_END_MS)
      if (!chart) return HttpResponse.json({ error: 'invalid days' }, { status: 400 })
      return HttpResponse.json(chartIn(chart, currency.output, id))
    }),
    http.get('*/coins/:id', ({ params }) => {
      const source = sampleCoinSources.get(String(params.id))
      if (!source) return coinNotFound()
      return HttpResponse.json(images(source.id, sampleCoinDetail(source, CHART_END_MS)))
    }),
  ]
}

/**
 * What our server says of a list in a currency it converts (server/market/converted-cache.ts):
 * the sample's rate, taken with the fixtures' prices.
 */
function conversionHeaders(currency: Currency): Record<string, string> {
  if (isUpstreamCurrency(currency)) return {}
  const conversion: Conversion = {
    from: 'usd',
    rate: sampleRate(currency),
    ratesAt: new Date(CHART_END_MS).toISOString(),
    ratesSource: 'upstream',
    change24h: 'dollar',
  }
  return { [CONVERSION_HEADER]: JSON.stringify(conversion) }
}

/**
 * `coins/markets` in the asked currency (the fixture converted at its rates), else a 400. Asked
 * with the full list's query: its first page is the sample list, and there is no other.
 */
function markets(
  request: Request,
  images: <T extends { id: string; image?: unknown }>(coins: T[]) => T[],
) {
  const search = new URL(request.url).searchParams
  const currency = v.safeParse(CurrencySchema, search.get('vs_currency') ?? 'usd')
  if (!currency.success) return invalidCurrency()
  if (search.get('per_page') === '100') {
    const page = search.get('page') === '1' ? sampleMarketList(currency.output, CHART_END_MS) : []
    return HttpResponse.json(images(page), { headers: conversionHeaders(currency.output) })
  }
  return HttpResponse.json(marketsIn(images(coinsMarkets), currency.output), {
    headers: conversionHeaders(currency.output),
  })
}

// Matched on the path only, so they answer our proxy (/api/market/...) and CoinGecko alike. The
// fixed paths come before `coins/:id`, which would match them too.
export const marketHandlers = [
  http.get('*/coins/markets', ({ request }) => markets(request, (coins) => coins)),
  http.get('*/coins/list', () => HttpResponse.json(coinsList)),
  http.get('*/search/trending', () => HttpResponse.json(searchTrending)),
  http.get('*/global', () => HttpResponse.json(global)),
  http.get('*/exchange_rates', () => HttpResponse.json(exchangeRates)),
  ...coinHandlers((_id, detail) => detail),
]

/**
 * The same answers for `dev:mock`, with the coins' images on our own site (the shipped sample
 * images), so offline development sends nothing to another host.
 */
export const offlineMarketHandlers = [
  http.get('*/coins/markets', ({ request }) =>
    markets(request, (coins) => marketsWithSampleImages(coins)),
  ),
  http.get('*/coins/list', () => HttpResponse.json(coinsList)),
  http.get('*/search/trending', () => HttpResponse.json(trendingWithSampleImages(searchTrending))),
  http.get('*/global', () => HttpResponse.json(global)),
  http.get('*/exchange_rates', () => HttpResponse.json(exchangeRates)),
  ...coinHandlers((id, detail) => {
    const image = sampleImagePath(id)
    return { ...detail, image: { thumb: image, small: image, large: image } }
  }),
]
