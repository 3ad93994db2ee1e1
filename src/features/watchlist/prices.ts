import { queryOptions } from '@tanstack/react-query'
import type { Currency } from '@contract/currency'
import { pageCurrency } from '@contract/page-data'
import { WatchPricesSchema } from '@contract/watchlist'
import { fetchHeldPrices, heldPricesTiming } from '@/lib/held-prices'
import { watchlistQueries } from './queries'

/** The watched coins' rows in `currency`, for the watchlist's page; the ids in the key in their
 * order, as the rows come. */
export const watchPrices = (currency: Currency, ids: readonly string[]) =>
  queryOptions({
    queryKey: [...watchlistQueries.all(), 'prices', currency, ids] as const,
    queryFn: ({ signal }) => fetchHeldPrices(currency, ids, signal),
    meta: {
      schema: WatchPricesSchema,
      onPage: (page) =>
        page.viewer && page.watchlist?.rows && pageCurrency(page) === currency
          ? { data: { coins: page.watchlist.rows } }
          : undefined,
    },
    enabled: ids.length > 0,
    ...heldPricesTiming,
  })
