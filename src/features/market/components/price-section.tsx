import { Link } from '@tanstack/react-router'
import { useDeferredValue } from 'react'
import { usePageQuery } from '@/components/hydrated'
import { useFadeIn } from '@/components/fade-in'
import type { DataMeta } from '@contract/data-meta'
import type { MarketCoin } from '@contract/market'
import { marketQueries } from '../queries'
import {
  Attribution,
  DataNote,
  failedRefresh,
  loadFailed,
  SampleBadge,
} from '@/components/data-note'
import { LoadError, useRetryFocus } from '@/components/load-error'
import { MarketTable, MarketTableSkeleton, PRICE_LIST_SORTS } from './market-table'
import { useAddressSorting } from '@/components/data-table'
import { ConvertedNote } from '@/components/converted-note'
import { UpdatedAgo } from './updated-ago'
import { type Currency, CURRENCY_NAMES, DEFAULT_CURRENCY } from '@contract/currency'
import { CurrencyMenu, GlobalBar, usePriceExtras } from '../late-price-extras'

/**
 * When the shown prices were fetched from the upstream: our server says so (it may serve cached
 * or stale data), else the query's own time. 0: not known, or the sample, whose own date would
 * read as real prices from days ago.
 */
function updatedAt(meta: DataMeta | undefined, dataUpdatedAt: number): number {
  return meta?.source === 'sample' ? 0 : Date.parse(meta?.updatedAt ?? '') || dataUpdatedAt
}

/** The data's own time: its newest row's `last_updated` (0: none known). */
const newestRow = (coins: readonly MarketCoin[] | undefined) =>
  Math.max(0, ...(coins ?? []).map((coin) => Date.parse(coin.last_updated ?? '') || 0))

export function PriceSection({
  headingLevel = 2,
  sort,
  currency = 'usd',
}: {
  headingLevel?: 1 | 2
  /** The address's `?sort=` (the headers change it). */
  sort?: string | undefined
  /** The address's `?currency=` (the menu changes it). */
  currency?: Currency
}) {
  const markets = marketQueries.markets(currency)
  // Hydration renders what the server's HTML shows: its rows, or the prerendered skeleton.
  const query = usePageQuery(markets)
  const data = useDeferredValue(query.data)
  // Deferred with the data, so a list is never drawn in another list's currency.
  const shownCurrency = useDeferredValue(currency)
  const { sorting, onSortingChange } = useAddressSorting(sort, PRICE_LIST_SORTS)
  // Stored data stays on screen when a refresh fails; the error panel is for an empty list.
  const isError = loadFailed(query)
  const { isFetching, refetch } = query
  const ref = useFadeIn<HTMLElement>(1000)
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const retryFocus = useRetryFocus<HTMLHeadingElement>(Boolean(data), refetch)
  const cardRef = usePriceExtras(ref)

  return (
    <section ref={ref} id="prices" className="section prices" aria-labelledby="prices-title">
      <div className="section__header section__header--row">
        <div>
          <p className="eyebrow">Market</p>
          <Heading ref={retryFocus.ref} id="prices-title" className="section__title" tabIndex={-1}>
            Today's Cryptocurrency Prices
            <SampleBadge meta={data?.meta} />
          </Heading>
        </div>
        <div className="prices__aside">
          <p className="prices__subtitle">
            The six largest coins by market cap, in {CURRENCY_NAMES[currency]}.
          </p>
          <UpdatedAgo
            updatedAt={updatedAt(data?.meta, query.dataUpdatedAt)}
            dataAt={newestRow(data?.coins)}
          />
          <CurrencyMenu currency={currency} />
        </div>
      </div>
      <GlobalBar currency={currency} />
      <div ref={cardRef} className="card prices__card">
        {!data && isError ? (
          <LoadError
            className="prices__error"
            message="We couldn't load prices right now. Check your connection and try again."
            retrying={isFetching}
            onRetry={retryFocus.retry}
          />
        ) : (
          // A region with its own tab stop, so keyboard users can scroll a table wider than a phone.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable
          <section className="table-scroll" aria-label="Price table" tabIndex={0}>
            {data ? (
              <MarketTable
                // A new currency is a new table: its values did not move, nothing flashes.
                key={shownCurrency}
                currency={shownCurrency}
                coins={data.coins}
                sorting={sorting}
                onSortingChange={onSortingChange}
              />
            ) : (
              <MarketTableSkeleton currency={shownCurrency} />
            )}
            {data ? null : (
              <p className="visually-hidden" role="status">
                Loading prices…
              </p>
            )}
          </section>
        )}
      </div>
      <p className="prices__more">
        <Link
          to="/coins"
          search={{ currency: currency === DEFAULT_CURRENCY ? undefined : currency }}
          className="prices__more-link"
        >
          All coins <span aria-hidden="true">→</span>
        </Link>
      </p>
      <div className="prices__footer">
        <DataNote meta={data?.meta} failed={failedRefresh('prices', data?.meta, query)} />
        <Attribution />
        <ConvertedNote meta={data?.meta} currency={shownCurrency} />
      </div>
    </section>
  )
}
