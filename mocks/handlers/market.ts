import { HttpResponse, http } from 'msw'
import coinsMarkets from '../fixtures/coins-markets.json'
import searchTrending from '../fixtures/search-trending.json'
import { marketsWithSampleImages, trendingWithSampleImages } from '../sample-images'

// Matched on the path only, so they answer our proxy (/api/market/...) and CoinGecko alike.
export const marketHandlers = [
  http.get('*/coins/markets', () => HttpResponse.json(coinsMarkets)),
  http.get('*/search/trending', () => HttpResponse.json(searchTrending)),
]

/**
 * The same answers for `dev:mock`, with the coins' images on our own site (the shipped sample
 * images), so offline development sends nothing to another host.
 */
export const offlineMarketHandlers = [
  http.get('*/coins/markets', () => HttpResponse.json(marketsWithSampleImages(coinsMarkets))),
  http.get('*/search/trending', () => HttpResponse.json(trendingWithSampleImages(searchTrending))),
]
