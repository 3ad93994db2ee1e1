import { HttpResponse, http } from 'msw'
import bitcoinChart7 from '../fixtures/coins-bitcoin-market-chart-7.json'
import coinsList from '../fixtures/coins-list.json'
import coinsMarkets from '../fixtures/coins-markets.json'
import searchTrending from '../fixtures/search-trending.json'
import { sampleCoinDetail, sampleCoinSources, sampleMarketChart } from '../coin-samples'
import {
  marketsWithSampleImages,
  sampleImagePath,
  trendingWithSampleImages,
} from '../sample-images'

// CoinGecko's answer for an id it does not know.
const coinNotFound = () => HttpResponse.json({ error: 'coin not found' }, { status: 404 })

// The charts end where the fixtures' prices were taken.
const CHART_END_MS = Date.parse(coinsMarkets[0]?.last_updated ?? '2026-01-01T00:00:00Z')

/** `coins/{id}` and its chart for the sample coins; `images` rewrites the coin's images. */
function coinHandlers(images: (id: string, detail: Record<string, unknown>) => object) {
  return [
    http.get('*/coins/:id/market_chart', ({ params, request }) => {
      const id = String(params.id)
      const days = new URL(request.url).searchParams.get('days') ?? ''
      if (id === 'bitcoin' && days === '7') return HttpResponse.json(bitcoinChart7)
      const source = sampleCoinSources.get(id)
      if (!source) return coinNotFound()
      const chart = sampleMarketChart(source, days, CHART_END_MS)
      if (!chart) return HttpResponse.json({ error: 'invalid days' }, { status: 400 })
      return HttpResponse.json(chart)
    }),
    http.get('*/coins/:id', ({ params }) => {
      const source = sampleCoinSources.get(String(params.id))
      if (!source) return coinNotFound()
      return HttpResponse.json(images(source.id, sampleCoinDetail(source)))
    }),
  ]
}

// Matched on the path only, so they answer our proxy (/api/market/...) and CoinGecko alike. The
// fixed paths come before `coins/:id`, which would match them too.
export const marketHandlers = [
  http.get('*/coins/markets', () => HttpResponse.json(coinsMarkets)),
  http.get('*/coins/list', () => HttpResponse.json(coinsList)),
  http.get('*/search/trending', () => HttpResponse.json(searchTrending)),
  ...coinHandlers((_id, detail) => detail),
]

/**
 * The same answers for `dev:mock`, with the coins' images on our own site (the shipped sample
 * images), so offline development sends nothing to another host.
 */
export const offlineMarketHandlers = [
  http.get('*/coins/markets', () => HttpResponse.json(marketsWithSampleImages(coinsMarkets))),
  http.get('*/coins/list', () => HttpResponse.json(coinsList)),
  http.get('*/search/trending', () => HttpResponse.json(trendingWithSampleImages(searchTrending))),
  ...coinHandlers((id, detail) => {
    const image = sampleImagePath(id)
    return { ...detail, image: { thumb: image, small: image, large: image } }
  }),
]
