import { useDeferredValue } from 'react'
import { Change } from '@/components/change'
import { failedRefresh } from '@/components/data-note'
import { useHydrated, usePageQuery } from '@/components/hydrated'
import type { Currency } from '@contract/currency'
import { formatNumber, formatPercent, formatSince, formatTime } from '@/lib/format'
import { figureWidth } from '@/lib/figure-width'
import { formatCompactMoney } from '../format'
import { marketQueries } from '../queries'

/**
 * The whole market in the price list's currency, from the upstream's `global`. It has the same
 * lines with or without data ("–" until it arrives), so its arrival shifts nothing. Its last line
 * says what the figures are: sample, stored ones whose refresh failed, or as of a time (stale);
 * and, in another currency, that the upstream gives the market cap's change in US dollars only.
 */
export function GlobalBar({ currency }: { currency: Currency }) {
  const query = usePageQuery(marketQueries.global())
  const data = useDeferredValue(query.data)
  // The server's HTML (and so hydration) gives times in UTC; the visitor's own zone follows.
  const utc = !useHydrated()
  const stats = data?.stats
  const meta = data?.meta
  const failed = failedRefresh('', meta, query)
  const what =
    meta?.source === 'sample'
      ? ': sample data'
      : failed
        ? ` from ${formatSince(failed.since, failed.now)} — couldn't refresh`
        : meta?.source === 'stale'
          ? ` as of ${formatTime(meta.updatedAt, utc)}`
          : ''
  const items = [
    [
      'Market cap',
      <>
        {/* In a box of its own width, so the change beside it never moves when data arrives. */}
        <span className="global-bar__cap">
          {formatCompactMoney(stats?.total_market_cap[currency], currency)}
        </span>{' '}
        <Change value={stats?.market_cap_change_percentage_24h_usd} />
      </>,
    ],
    ['24 h volume', formatCompactMoney(stats?.total_volume[currency], currency)],
    [
      'BTC / ETH dominance',
      `${formatPercent(stats?.market_cap_percentage.btc)} / ${formatPercent(stats?.market_cap_percentage.eth)}`,
    ],
    ['Active coins', formatNumber(stats?.active_cryptocurrencies)],
  ] as const
  return (
    <section className="global-bar" aria-label="Global market" data-figures={figureWidth(currency)}>
      <dl className="global-bar__list">
        {items.map(([term, value]) => (
          <div key={term} className="global-bar__item">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="global-bar__source">
        Global market{what}
        {currency === 'usd' ? '' : ' · 24 h change in US dollars'}
      </p>
    </section>
  )
}
