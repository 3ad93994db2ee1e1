import { useQuery } from '@tanstack/react-query'
import { formatRank, formatSymbol } from '../format'
import { marketQueries } from '../queries'

export function TrendingSection() {
  const { data, isError, refetch } = useQuery(marketQueries.trending())

  return (
    <section className="trending" aria-labelledby="trending-title">
      <h2 id="trending-title">Top 7 Trending Search Coins</h2>
      {data ? (
        <ol className="trending-list">
          {data.coins.map((coin) => (
            <li key={coin.id}>
              <span className="coin-name">{coin.name}</span>{' '}
              <span className="coin-symbol">{formatSymbol(coin.symbol)}</span>{' '}
              <span className="coin-rank">Rank {formatRank(coin.market_cap_rank)}</span>
            </li>
          ))}
        </ol>
      ) : isError ? (
        <div role="alert">
          <p>We could not load trending coins right now.</p>
          <button type="button" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <p role="status">Loading trending coins…</p>
      )}
      <p className="attribution">
        Data provided by <a href="https://www.coingecko.com">CoinGecko</a>
      </p>
    </section>
  )
}
