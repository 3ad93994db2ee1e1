import { HttpResponse, http } from 'msw'
import coinsMarkets from '../fixtures/coins-markets.json'
import searchTrending from '../fixtures/search-trending.json'

// Matched on the path only, so they answer our proxy (/api/market/...) and CoinGecko alike.
export const marketHandlers = [
  http.get('*/coins/markets', () => HttpResponse.json(coinsMarkets)),
  http.get('*/search/trending', () => HttpResponse.json(searchTrending)),
]
