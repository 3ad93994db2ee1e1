import { useDeferredValue } from 'react'
import { Link } from '@tanstack/react-router'
import { CurrencyMenu } from '@/components/currency-menu'
import { ConvertedNote } from '@/components/converted-note'
import { Attribution, DataNote, failedRefresh, SampleBadge } from '@/components/data-note'
import { usePageQuery } from '@/components/hydrated'
import { LoadError } from '@/components/load-error'
import { NotFound } from '@/components/not-found'
import { UnavailableNote, unavailable } from '@/components/unavailable-note'
import { CURRENCY_NAMES, type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import { MARKET_LIST_PER_PAGE, type MarketListData } from '@contract/market-list'
import { formatNumber } from '@/lib/format'
import { isNoSuchPage, marketListQueries } from '../list-queries'
import { pagination } from '../pagination'
import { useAddressSorting } from '@/components/data-table'
import { COIN_LIST_SORTS, CoinListTable, type RowAction } from './coin-list-table'

/**
 * One page of the full list in `currency`: its coins, or why there are none now (a deeper page
 * offline, the budget spent), never an endless skeleton; past the list's end, the not-found page.
 */
export function CoinList({
  page,
  currency,
  sort,
  rowAction,
}: {
  page: number
  currency: Currency
  /** The address's `?sort=`: the page's rows in that order (the headers change it). */
  sort?: string | undefined
  /** Something each row carries beside its figures (a watchlist star), from the page. */
  rowAction?: RowAction
}) {
  const options = marketListQueries.page(currency, page)
  // Hydration renders what the server's HTML shows: its rows, or why it had none.
  const query = usePageQuery(options)
  const data = useDeferredValue(query.data)
  const { sorting, onSortingChange } = useAddressSorting(sort, COIN_LIST_SORTS)
  if (!data && isNoSuchPage(query.error)) return <NotFound />
  const missing = data
    ? null
    : (unavailable(query.error ?? query.failureReason) ?? query.said ?? null)
  const first = (page - 1) * MARKET_LIST_PER_PAGE + 1
  const retry = () => void query.refetch()
  const currencySearch = { currency: currency === DEFAULT_CURRENCY ? undefined : currency }

  return (
    <section className="page coin-list-page" aria-labelledby="coin-list-title">
      <div className="section__header section__header--row">
        <div>
          <p className="eyebrow">Market</p>
          <h1 id="coin-list-title" className="section__title">
            All coins
            <SampleBadge meta={data?.meta} />
          </h1>
          <p className="coin-list__tools">
            Also yours: a <Link to="/watchlist">watchlist</Link>, a{' '}
            <Link to="/portfolio">portfolio</Link> and a <Link to="/converter">converter</Link>.
          </p>
        </div>
        <div className="prices__aside">
          <p className="prices__subtitle">
            <Rows first={first} data={data} /> in {CURRENCY_NAMES[currency]}.
          </p>
          <CurrencyMenu currency={currency} keep={page > 1 ? { page: String(page) } : {}} />
        </div>
      </div>
      {data ? (
        <>
          <div className="card coin-list__card">
            {/* A region with its own tab stop: a table wider than a phone scrolls, by keyboard too. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable */}
            <section className="table-scroll" aria-label="Coin table" tabIndex={0}>
              <CoinListTable
                coins={data.coins}
                currency={currency}
                rowAction={rowAction}
                sorting={sorting}
                onSortingChange={onSortingChange}
              />
            </section>
          </div>
          <Pages
            page={page}
            // A short page is the last one.
            last={data.coins.length < MARKET_LIST_PER_PAGE ? page : data.pages}
            currency={currency}
          />
        </>
      ) : missing ? (
        <>
          <UnavailableNote
            state={missing}
            why={{
              offline: `Page ${page} of the list is not available offline: only the first page has sample data`,
              limited:
                'You have opened many pages and coins we had not loaded yet in the last minute',
            }}
            onRetry={retry}
          />
          {missing.reason === 'offline' && page > 1 ? (
            <p className="coin-list__elsewhere">
              <Link to="/coins" search={currencySearch}>
                See the first page of the list
              </Link>
            </p>
          ) : null}
        </>
      ) : query.isPaused ? (
        <p className="load-error" role="status">
          You are offline: page {page} of the list will load when the connection is back.
        </p>
      ) : query.isError ? (
        <LoadError
          message="We couldn't load this page of the list right now."
          retrying={query.isFetching}
          onRetry={retry}
        />
      ) : (
        <div className="card coin-list__card coin-list__loading">
          <p role="status">Loading page {page} of the list…</p>
        </div>
      )}
      <div className="prices__footer">
        <DataNote meta={data?.meta} failed={failedRefresh('prices', data?.meta, query)} />
        <Attribution />
        <ConvertedNote meta={data?.meta} currency={currency} />
      </div>
    </section>
  )
}

/**
 * Which rows the page shows: the ranks it covers, or, for the sample (offline, the 21 sample
 * coins at their own ranks), how many it has and that it is the sample.
 */
function Rows({ first, data }: { first: number; data: MarketListData | undefined }) {
  if (data?.meta.source === 'sample') {
    return <>The {formatNumber(data.coins.length)} coins of our sample data, by market cap,</>
  }
  const shown = data ? data.coins.length : MARKET_LIST_PER_PAGE
  return (
    <>
      Coins {formatNumber(first)}–{formatNumber(first + Math.max(shown, 1) - 1)} by market cap,
    </>
  )
}

/** Real links to the pages around this one, and to the previous and next. */
function Pages({ page, last, currency }: { page: number; last: number; currency: Currency }) {
  const { prev, next, items } = pagination(page, last)
  if (items.length < 2) return null
  const search = (to: number) => ({
    page: to > 1 ? to : undefined,
    currency: currency === DEFAULT_CURRENCY ? undefined : currency,
  })
  return (
    <nav className="pagination" aria-label="Pages of the list">
      <ul className="pagination__list">
        <li>
          {prev ? (
            <Link
              to="/coins"
              search={search(prev)}
              rel="prev"
              preload={false}
              className="pagination__step"
            >
              <span aria-hidden="true">←</span> Previous
            </Link>
          ) : null}
        </li>
        {items.map((item) =>
          'gap' in item ? (
            <li key={item.gap} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to="/coins"
                search={search(item.page)}
                preload={false}
                className="pagination__page"
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {next ? (
            <Link
              to="/coins"
              search={search(next)}
              rel="next"
              preload={false}
              className="pagination__step"
            >
              Next <span aria-hidden="true">→</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  )
}
