import type { ChartRange } from './chart-range'
import type { CoinChartData, CoinDetailData } from './coin'
import type { Currency } from './currency'
import type { GlobalData, MarketsData, TrendingData } from './market'

/**
 * The market data a page is rendered with (the lists, or one coin's details and chart at one
 * range): the server assembles it from its caches (server/site/pages.ts), the route renderer puts
 * it in the query cache (src/entry-server.tsx). A page rendered without it shows skeletons.
 */
export type PageData = {
  /** The prices' currency (the address's `?currency=`); US dollars without it. */
  currency?: Currency
  markets?: MarketsData
  trending?: TrendingData
  global?: GlobalData
  coin?: { id: string; range: ChartRange; detail: CoinDetailData; chart: CoinChartData }
}
