import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Change } from '@/components/change'
import { CoinImage } from '@/components/coin-image'
import { CurrencyMenu } from '@/components/currency-menu'
import { useHydrated, useShownData } from '@/components/hydrated'
import { LoadError } from '@/components/load-error'
import { CURRENCY_NAMES, type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import type { NoPriceReason, WatchRow } from '@contract/watchlist'
import { formatNumber, formatPrice, formatSymbol, MISSING } from '@/lib/format'
import { usePageData } from '@/lib/page-state'
import { watchPrices } from '../prices'
import { WatchStar } from './watch-star'
import { useWatchlist } from './watchlist-provider'

/** Why a coin has no price, in words (the server says which: contract/watchlist.ts). */
const REASONS: Record<NoPriceReason, string> = {
  busy: 'No price now: the market data source is busy. Asked again shortly.',
  limited: 'No price now: too many coins asked for at once. Asked again shortly.',
  offline: 'No price now: the market data source cannot be reached. Asked again shortly.',
  unknown: 'No price: the market data source does not list this coin.',
  uncached: 'No price held for this coin right now: its page loads it.',
}

const IMAGE_SIZE = 32

/**
 * The watched coins as a table in `currency`. Signed in, the server renders it from its caches
 * (a coin it holds no price for says why); signed out, the list is this browser's, read after
 * hydration, with prices from the API.
 */
export function WatchlistPage({ currency }: { currency: Currency }) {
  const { signedIn, coins } = useWatchlist()
  const hydrated = useHydrated()
  const prices = watchPrices(currency, coins)
  const query = useQuery({ ...prices, placeholderData: keepPreviousData })
  const data = useShownData(query.data, usePageData(prices.queryKey))
  // Signed out, the server cannot know the list: nothing is said of it before hydration.
  const known = signedIn || hydrated

  return (
    <section className="section watchlist" aria-labelledby="watchlist-title">
      <div className="section__header section__header--row">
        <div>
          <p className="eyebrow">Watchlist</p>
          <h1 id="watchlist-title" className="section__title">
            Your watchlist
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
            Press the star (☆) beside a coin in the{' '}
            <Link to="/crypto" search={currency === DEFAULT_CURRENCY ? {} : { currency }}>
              price list
            </Link>
            , on a trending coin or on a coin's page to add it here.
          </p>
        </div>
      ) : data ? (
        <div className="card watchlist__card">
          <table className="watch-table">
            <caption className="visually-hidden">
              Your watched coins, prices in {CURRENCY_NAMES[currency]}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="col-name">
                  Name
                </th>
                <th scope="col" className="col-number">
                  Price
                </th>
                <th scope="col" className="col-number">
                  24h %
                </th>
                <th scope="col" className="col-number col-wide">
                  Mkt cap
                </th>
              </tr>
            </thead>
            <tbody>
              {coins.map((id) => (
                <Row
                  key={id}
                  row={data.coins.find((row) => row.id === id)}
                  id={id}
                  currency={currency}
                />
              ))}
            </tbody>
          </table>
        </div>
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

function Row({ row, id, currency }: { row: WatchRow | undefined; id: string; currency: Currency }) {
  const search = currency === DEFAULT_CURRENCY ? {} : { currency }
  const name = row?.status === 'priced' ? row.name : id
  return (
    <tr>
      <th scope="row" className="col-name">
        <div className="watch-table__coin">
          <Link className="coin-cell" to="/coins/$coinId" params={{ coinId: id }} search={search}>
            {row?.status === 'priced' ? (
              <CoinImage src={row.image} symbol={row.symbol} size={IMAGE_SIZE} />
            ) : null}
            <span className="coin-cell__text">
              <span className="coin-cell__name">{name}</span>{' '}
              {row?.status === 'priced' ? (
                <span className="coin-cell__symbol">{formatSymbol(row.symbol)}</span>
              ) : null}
            </span>
          </Link>
          <WatchStar coinId={id} name={name} />
        </div>
        {row?.status === 'priced' ? null : (
          <p className="watch-table__reason">{row ? REASONS[row.reason] : 'Loading…'}</p>
        )}
      </th>
      {row?.status === 'priced' ? (
        <>
          <td className="col-number">{formatPrice(row.price, currency)}</td>
          <td className="col-number">
            <Change value={row.change24h} />
          </td>
          <td className="col-number col-wide">{formatNumber(row.marketCap, currency)}</td>
        </>
      ) : (
        <>
          <td className="col-number">{MISSING}</td>
          <td className="col-number">{MISSING}</td>
          <td className="col-number col-wide">{MISSING}</td>
        </>
      )}
    </tr>
  )
}
