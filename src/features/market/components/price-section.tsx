import { useQuery } from '@tanstack/react-query'
import { marketQueries } from '../queries'
import { MarketTable } from './market-table'

export function PriceSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { data, isPending, isError, refetch } = useQuery(marketQueries.markets())
  const Heading = headingLevel === 1 ? 'h1' : 'h2'

  return (
    <section className="prices" aria-labelledby="prices-title">
      <Heading id="prices-title">Today's Cryptocurrency Prices</Heading>
      {data ? (
        <MarketTable coins={data.coins} />
      ) : isPending ? (
        <p role="status">Loading prices…</p>
      ) : isError ? (
        <div role="alert">
          <p>We could not load prices right now.</p>
          <button type="button" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : null}
      <p className="attribution">
        Data provided by <a href="https://www.coingecko.com">CoinGecko</a>
      </p>
    </section>
  )
}
