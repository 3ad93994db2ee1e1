import { Link } from '@tanstack/react-router'
import { memo, useDeferredValue } from 'react'
import { usePageQuery } from '@/components/hydrated'
import { TRENDING_LIMIT } from '@contract/market'
import { formatRank, formatSymbol, MISSING } from '@/lib/format'
import { marketQueries } from '../queries'
import { CoinImage } from '@/components/coin-image'
import { CoinStar } from '@/components/coin-star'
import {
  Attribution,
  DataNote,
  failedRefresh,
  loadFailed,
  SampleBadge,
} from '@/components/data-note'
import { LoadError, useRetryFocus } from '@/components/load-error'

const IMAGE_SIZE = 56

export function TrendingSection() {
  // Hydration renders what the server's HTML shows: its coins, or the prerendered skeleton.
  const query = usePageQuery(marketQueries.trending())
  const data = useDeferredValue(query.data)
  // Stored data stays on screen when a refresh fails; the error panel is for an empty list.
  const isError = loadFailed(query)
  const { isFetching, refetch } = query
  const retryFocus = useRetryFocus<HTMLHeadingElement>(Boolean(data), refetch)

  return (
    <section className="section trending" aria-labelledby="trending-title">
      <div className="section__header">
        <p className="eyebrow">Trending</p>
        <h2 ref={retryFocus.ref} id="trending-title" className="section__title" tabIndex={-1}>
          Top 7 Trending Search Coins
          <SampleBadge meta={data?.meta} />
        </h2>
      </div>
      {data ? (
        <ol className="trending__list">
          {data.coins.map((coin) => (
            <li key={coin.id} className="trending__card">
              <CoinImage src={coin.large} symbol={coin.symbol} size={IMAGE_SIZE} />
              <h3 className="trending__name">
                <Link className="trending__link" to="/coins/$coinId" params={{ coinId: coin.id }}>
                  {coin.name}
                </Link>
              </h3>
              <p className="trending__symbol">{formatSymbol(coin.symbol)}</p>
              <p className="trending__rank">
                <span className="trending__rank-label">Market cap rank</span>{' '}
                <span className="trending__rank-value">{rankLabel(coin.market_cap_rank)}</span>
              </p>
              <div className="trending__star">
                <CoinStar coinId={coin.id} name={coin.name} />
              </div>
            </li>
          ))}
        </ol>
      ) : isError ? (
        <LoadError
          className="trending__error"
          message="We couldn't load trending coins right now."
          retrying={isFetching}
          onRetry={retryFocus.retry}
        />
      ) : (
        <TrendingSkeleton />
      )}
      <div className="trending__footer">
        <DataNote meta={data?.meta} failed={failedRefresh('trending coins', data?.meta, query)} />
        <Attribution />
      </div>
    </section>
  )
}

/**
 * The cards while they load. Memoized: the section renders again, synchronously, the moment
 * hydration ends (`usePageQuery`), and this need not.
 */
const TrendingSkeleton = memo(function TrendingSkeleton() {
  return (
    <>
      <ol className="trending__list skeleton-group" aria-hidden="true">
        {Array.from({ length: TRENDING_LIMIT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index} className="trending__card trending__card--skeleton">
            <span className="skeleton skeleton--circle skeleton--large" />
            <span className="skeleton skeleton--text" />
            <span className="skeleton skeleton--text skeleton--short" />
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        Loading trending coins…
      </p>
    </>
  )
})

function rankLabel(rank: number | null | undefined): string {
  const text = formatRank(rank)
  return text === MISSING ? text : `#${text}`
}
