import { keepPreviousData } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { memo, useDeferredValue, useMemo } from 'react'
import { Change } from '@/components/change'
import { CoinLink } from '@/components/coin-link'
import { ConvertedNote } from '@/components/converted-note'
import { CurrencyMenu } from '@/components/currency-menu'
import {
  columnHelper,
  DataTable,
  FIGURE_SORT,
  type ListColumn,
  sortableIds,
  useAddressSorting,
  useListTable,
} from '@/components/data-table'
import { SampleBadge } from '@/components/data-note'
import { useHydrated, usePageQuery } from '@/components/hydrated'
import { LoadError } from '@/components/load-error'
import { CURRENCY_NAMES, type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import type { NoPriceReason, WatchRow } from '@contract/watchlist'
import { formatNumber, formatPrice } from '@/lib/format'
import type { ColumnSort } from '@/lib/table-sort'
import { watchPrices } from '../prices'
import { StarIcon, WatchStar } from './watch-star'
import { useWatchlist } from './watchlist-provider'
import { figureWidth } from '@/lib/figure-width'

/** Why a coin has no price, in words (the server says which: contract/watchlist.ts). */
const REASONS: Record<NoPriceReason, string> = {
  busy: 'No price now: the market data source is busy. Asked again shortly.',
  limited: 'No price now: too many coins asked for at once. Asked again shortly.',
  offline: 'No price now: the market data source cannot be reached. Asked again shortly.',
  unknown: 'No price: the market data source does not list this coin.',
  uncached: 'No price held for this coin right now: its page loads it.',
}

const IMAGE_SIZE = 24

/** A watched coin: its row from the server (undefined while it loads), in the page's currency. */
type Row = { id: string; row: WatchRow | undefined; currency: Currency }

const priced = (row: WatchRow | undefined) => (row?.status === 'priced' ? row : undefined)
const nameOf = ({ id, row }: Row) => priced(row)?.name ?? id

function CoinCell({ id, row, currency }: Row) {
  const coin = priced(row)
  return (
    <>
      <CoinLink coin={coin ?? { id }} currency={currency} imageSize={IMAGE_SIZE} />
      {coin ? null : (
        <p className="watch-table__reason">
          {row?.status === 'missing' ? REASONS[row.reason] : 'Loading…'}
        </p>
      )}
    </>
  )
}

const column = columnHelper<Row>()

/** The watchlist's columns, as the full list draws them; ids are `?sort=`'s names. */
const COLUMNS: ListColumn<Row>[] = [
  column.display({
    id: 'action',
    header: () => <span className="visually-hidden">Actions</span>,
    cell: ({ row: { original } }) => <WatchStar coinId={original.id} name={nameOf(original)} />,
    meta: { className: 'coin-list__action' },
  }),
  column.accessor(nameOf, {
    id: 'name',
    header: 'Coin',
    cell: ({ row: { original } }) => <CoinCell {...original} />,
    sortFn: (a, b) => nameOf(a.original).localeCompare(nameOf(b.original), 'en'),
    meta: { className: 'coin-list__coin', rowHeader: true },
  }),
  column.accessor(({ row }) => priced(row)?.price ?? undefined, {
    id: 'price',
    header: 'Price',
    cell: ({ row: { original } }) => formatPrice(priced(original.row)?.price, original.currency),
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number' },
  }),
  column.accessor(({ row }) => priced(row)?.change24h ?? undefined, {
    id: 'change',
    header: '24 h',
    cell: ({ getValue }) => <Change value={getValue()} />,
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number' },
  }),
  column.accessor(({ row }) => priced(row)?.marketCap ?? undefined, {
    id: 'market_cap',
    header: 'Market cap',
    cell: ({ row: { original } }) =>
      formatNumber(priced(original.row)?.marketCap, original.currency),
    ...FIGURE_SORT,
    // Phones keep the coin, its price and its 24 h change (coin-list.css hides the rest).
    meta: { className: 'coin-list__number coin-list__wide' },
  }),
]

const WATCHLIST_SORTS = sortableIds(COLUMNS)
const rowId = (row: Row) => row.id

const WatchTable = memo(function WatchTable({
  rows,
  currency,
  sorting,
  onSortingChange,
}: {
  rows: Row[]
  currency: Currency
  sorting: ColumnSort[]
  onSortingChange: (sorting: ColumnSort[]) => void
}) {
  const table = useListTable({
    columns: COLUMNS,
    data: rows,
    getRowId: rowId,
    sorting,
    onSortingChange,
  })
  return (
    <DataTable
      table={table}
      caption={`Your watched coins, prices in ${CURRENCY_NAMES[currency]}`}
      className="coin-list watch-table"
      data-currency={currency}
      data-figures={figureWidth(currency)}
    />
  )
})

/**
 * The watched coins as a table in `currency`, in the address's order (`?sort=`). Signed in, the
 * server renders it from its caches (a coin it holds no price for says why); signed out, the list
 * is this browser's, read after hydration, with prices from the API.
 */
export function WatchlistPage({
  currency,
  sort,
}: {
  currency: Currency
  sort?: string | undefined
}) {
  const { signedIn, coins } = useWatchlist()
  const hydrated = useHydrated()
  const prices = watchPrices(currency, coins)
  const query = usePageQuery({ ...prices, placeholderData: keepPreviousData })
  const data = useDeferredValue(query.data)
  const { sorting, onSortingChange } = useAddressSorting(sort, WATCHLIST_SORTS)
  // Signed out, the server cannot know the list: nothing is said of it before hydration.
  const known = signedIn || hydrated
  const rows = useMemo(
    () => coins.map((id) => ({ id, row: data?.coins.find((row) => row.id === id), currency })),
    [coins, data, currency],
  )
  const metas = data?.coins.map((row) => priced(row)?.meta)
  const sample = metas?.find((meta) => meta?.source === 'sample')
  // Rows in a currency the server converts from dollars say at which rate, as the lists do.
  const converted = metas?.find((meta) => meta?.conversion)

  return (
    <section className="section watchlist" aria-labelledby="watchlist-title">
      <div className="section__header section__header--row">
        <div>
          <p className="eyebrow">Watchlist</p>
          <h1 id="watchlist-title" className="section__title">
            Your watchlist
            <SampleBadge meta={sample} />
          </h1>
        </div>
        <div className="prices__aside">
          <p className="prices__subtitle">Prices in {CURRENCY_NAMES[currency]}.</p>
          <CurrencyMenu currency={currency} />
        </div>
      </div>
      {signedIn ? null : (
        <p className="watchlist__note">
          Signed out, your watchlist is kept in this browser (with JavaScript on).{' '}
          <Link to="/signin" search={{ return: '/watchlist' }}>
            Sign in
          </Link>{' '}
          to keep it across your devices.
        </p>
      )}
      {!known ? null : coins.length === 0 ? (
        <div className="card watchlist__empty">
          <p>No coins in your watchlist yet.</p>
          <p>
            Press the star{' '}
            <span className="watchlist__star">
              <StarIcon />
            </span>{' '}
            beside a coin in the{' '}
            <Link to="/crypto" search={currency === DEFAULT_CURRENCY ? {} : { currency }}>
              price list
            </Link>
            , on a trending coin or on a coin's page to add it here.
          </p>
        </div>
      ) : data ? (
        <>
          <div className="card coin-list__card">
            {/* A region with its own tab stop: a table wider than a phone scrolls, by keyboard too. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable */}
            <section className="table-scroll" aria-label="Watchlist table" tabIndex={0}>
              <WatchTable
                rows={rows}
                currency={currency}
                sorting={sorting}
                onSortingChange={onSortingChange}
              />
            </section>
          </div>
          {converted ? (
            <div className="prices__footer">
              <ConvertedNote meta={converted} currency={currency} />
            </div>
          ) : null}
        </>
      ) : query.isError ? (
        <LoadError
          message="We couldn't load your watchlist's prices. Check your connection and try again."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <p className="watchlist__loading" role="status">
          Loading prices…
        </p>
      )}
    </section>
  )
}
