import { createFileRoute, notFound, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { CoinPage as CoinPageContent } from '@/features/coin/components/coin-page'
import { coinQueries } from '@/features/coin/queries'
import { CoinIdSchema, CoinSearchSchema, DEFAULT_CHART_RANGE } from '@/features/coin/schemas'
import { formatPrice, formatSymbol } from '@/lib/format'
import { prefetchInOwnTask } from '@/lib/query-client'

export const Route = createFileRoute('/coins/$coinId')({
  validateSearch: CoinSearchSchema,
  // The default range stays out of the address: /coins/bitcoin, not /coins/bitcoin?range=7d.
  search: { middlewares: [stripSearchParams({ range: DEFAULT_CHART_RANGE })] },
  loaderDeps: ({ search: { range } }) => ({ range }),
  // Start both requests and return at once: the page shows skeletons until they answer.
  loader: ({ context: { queryClient }, params: { coinId }, deps: { range } }) => {
    // An id CoinGecko could never have is no page, and costs no request.
    if (!v.is(CoinIdSchema, coinId)) throw notFound()
    // Nor is one the server answered with its not-found page (its list of coins lacks it).
    if (!import.meta.env.SSR && serverSaidNotFound()) throw notFound()
    if (import.meta.env.SSR) return
    prefetchInOwnTask(queryClient, coinQueries.detail(coinId))
    prefetchInOwnTask(queryClient, coinQueries.chart(coinId, range))
  },
  // The coin's name and price when its detail is already cached (a preload, a revisit).
  head: ({ match, params: { coinId } }) => {
    const data = v.is(CoinIdSchema, coinId)
      ? match.context.queryClient.getQueryData(coinQueries.detail(coinId).queryKey)
      : undefined
    if (!data) {
      return {
        meta: [
          { title: 'Coin price — Coinvera' },
          {
            name: 'description',
            content: "A cryptocurrency's price, chart, market cap and key figures on Coinvera.",
          },
        ],
      }
    }
    const { name, symbol, market_data } = data.coin
    const label = `${name} (${formatSymbol(symbol)})`
    return {
      meta: [
        { title: `${label} price — Coinvera` },
        {
          name: 'description',
          content: `${label} price today: ${formatPrice(market_data?.current_price?.usd)}, with its 24-hour change, market cap, volume, supply, all-time high and price chart.`,
        },
      ],
    }
  },
  component: CoinPage,
})

/**
 * Whether the page the server sent is its not-found page. Asked once, by the first load: later
 * loads follow the app's own navigation, whatever is on screen.
 */
let firstLoad = true
function serverSaidNotFound(): boolean {
  const said = firstLoad && document.querySelector('#root .not-found') !== null
  firstLoad = false
  return said
}

function CoinPage() {
  const { coinId } = Route.useParams()
  const { range } = Route.useSearch()
  // A new coin is a new page: no state (the chart's pointer) carries over.
  return <CoinPageContent key={coinId} coinId={coinId} range={range} />
}
