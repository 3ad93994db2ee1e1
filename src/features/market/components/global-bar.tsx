import { useQuery } from '@tanstack/react-query'
import { Change } from '@/components/change'
import { useHydrated, useShownData } from '@/components/hydrated'
import type { Currency } from '@/lib/currency'
import { formatCompactMoney, formatNumber, formatPercent, formatTime } from '@/lib/format'
import { usePageData } from '@/lib/page-state'
import { marketQueries } from '../queries'
import type { GlobalData } from '../schemas'

/**
 * What the bar's figures are: sample, as of a time (stale), or live; and, in another currency,
 * that the upstream gives the market cap's change in US dollars only.
 */
function label(meta: GlobalData['meta'] | undefined, currency: Currency, utc: boolean): string {
  const what =
    meta?.source === 'sample'
      ? 'Global market: sample data'
      : meta?.source === 'stale'
        ? `Global market as of ${formatTime(meta.updatedAt, utc)}`
        : 'Global market'
  return currency === 'usd' ? what : `${what} · 24 h change in US dollars`
}

/**
 * The whole market in the price list's currency, from the upstream's `global`. It has the same
 * lines with or without data ("–" until it arrives), so its arrival shifts nothing.
 */
export function GlobalBar({ currency }: { currency: Currency }) {
  const query = useQuery(marketQueries.global())
  const data = useShownData(query.data, usePageData(marketQueries.global().queryKey))
  const hydrated = useHydrated()
  const stats = data?.stats
  return (
    <section className="global-bar" aria-label="Global market">
      <dl className="global-bar__list">
        <div className="global-bar__item">
          <dt>Market cap</dt>
          <dd>
            {formatCompactMoney(stats?.total_market_cap[currency], currency)}{' '}
            <Change value={stats?.market_cap_change_percentage_24h_usd} />
          </dd>
        </div>
        <div className="global-bar__item">
          <dt>24 h volume</dt>
          <dd>{formatCompactMoney(stats?.total_volume[currency], currency)}</dd>
        </div>
        <div className="global-bar__item">
          <dt>BTC / ETH dominance</dt>
          <dd>
            {formatPercent(stats?.market_cap_percentage.btc)} /{' '}
            {formatPercent(stats?.market_cap_percentage.eth)}
          </dd>
        </div>
        <div className="global-bar__item">
          <dt>Active coins</dt>
          <dd>{formatNumber(stats?.active_cryptocurrencies)}</dd>
        </div>
      </dl>
      <p className="global-bar__source">{label(data?.meta, currency, !hydrated)}</p>
    </section>
  )
}
