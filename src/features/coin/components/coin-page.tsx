import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useDeferredValue } from 'react'
import { Change } from '@/components/change'
import { CoinStar } from '@/components/coin-star'
import { CoinImage } from '@/components/coin-image'
import { CurrencyMenu } from '@/components/currency-menu'
import { ConvertedNote } from '@/components/converted-note'
import { Attribution, DataNote, failedRefresh, SampleBadge } from '@/components/data-note'
import { usePageQuery } from '@/components/hydrated'
import { figureWidth } from '@/lib/figure-width'
import { LoadError } from '@/components/load-error'
import { NotFound } from '@/components/not-found'
import { CURRENCIES, type Currency } from '@contract/currency'
import {
  formatNumber,
  formatPercent,
  formatPrice,
  formatRank,
  formatSymbol,
  MISSING,
} from '@/lib/format'
import { formatDate } from '../format'
import { descriptionText } from '../description'
import { coinQueries, isUnknownCoin } from '../queries'
import { type CoinFigures, figuresOfDetail, figuresOfListed } from '../figures'
import { DEFAULT_CHART_RANGE } from '@contract/chart-range'
import type { ChartRange, CoinDetail, CoinDetailData } from '@contract/coin'
import type { Unavailable } from '@contract/page-data'
import { UnavailableNote, unavailable } from '@/components/unavailable-note'
import { CoinConverter } from './coin-converter'
import { CoinChart } from './coin-chart'

const IMAGE_SIZE = 48

/**
 * One coin's page: its price, key figures, chart, converter and description, in `currency`. A coin on a
 * page of the full list opens with its row's price and key figures; its details (the
 * description) and its chart follow, each with its own loading and unavailable states.
 */
export function CoinPage({
  coinId,
  range,
  currency,
  alert,
}: {
  coinId: string
  range: ChartRange
  currency: Currency
  /** A part another feature adds under the chart (the route composes it: price alerts). */
  alert?: (coin: { name: string; prices: CoinPrices }) => ReactNode
}) {
  const detail = coinQueries.detail(coinId)
  // Hydration renders what the server's HTML shows: the coin, its row, the template's skeleton,
  // or why the server had no data (which stays until this page's own request has answered).
  const query = usePageQuery(detail)
  const data = useDeferredValue(query.data)
  const listed = useDeferredValue(usePageQuery(coinQueries.listed(coinId, currency)).data)
  const named = useQuery(coinQueries.named(coinId)).data?.name
  const chartOptions = coinQueries.chart(coinId, range, currency)
  const chartMeta = useDeferredValue(usePageQuery({ ...chartOptions, enabled: false }).data)?.meta

  const figures = data ? figuresOfDetail(data, currency) : listed ? figuresOfListed(listed) : null
  if (!figures && isUnknownCoin(query.error)) return <NotFound />
  const answered = unavailable(query.error ?? query.failureReason)
  const missing = figures ? null : (answered ?? query.said ?? null)
  const loading = !figures && missing === null && !query.isError
  // The currency menu keeps its place in the tree whether the coin is here or not: arriving data
  // never replaces the select a visitor is using.
  return (
    <article className="page coin-page" aria-labelledby={figures ? 'coin-title' : undefined}>
      {figures ? (
        <CoinHeader figures={figures} />
      ) : loading ? (
        <HeaderSkeleton />
      ) : (
        // No figures to name it by: the coin list's name, else the address's id, heads the page.
        <header className="coin-page__header">
          <h1 className="coin-page__title">{named ?? coinId}</h1>
        </header>
      )}
      <div className="coin-page__quote">
        {figures ? (
          <p className="coin-page__price">
            <span className="visually-hidden">Price: </span>
            <span className="coin-page__price-value">{formatPrice(figures.price, currency)}</span>{' '}
            <Change value={figures.change24h} className="coin-page__change" />{' '}
            <span className="coin-page__change-span">24 h</span>
            <SampleBadge meta={figures.meta} />
          </p>
        ) : loading ? (
          <div className="skeleton-group" aria-hidden="true">
            <span className="skeleton coin-page__price-skeleton" />
          </div>
        ) : null}
        <CurrencyMenu currency={currency} keep={rangeParam(range)} />
      </div>
      {figures ? (
        <>
          <KeyFigures figures={figures} currency={currency} />
          <CoinChart coinId={coinId} name={figures.name} range={range} currency={currency} />
          <CoinConverter
            more={
              <p className="coin-converter__more">
                <Link to="/converter" search={{ from: coinId, to: currency }}>
                  Convert {formatSymbol(figures.symbol)} to another coin or currency
                </Link>
              </p>
            }
            name={figures.name}
            symbol={figures.symbol}
            price={figures.price}
            currency={currency}
          />
          {alert?.({ name: figures.name, prices: pricesOf(data, figures, currency) })}
          {data ? (
            <About coin={data.coin} />
          ) : (
            <AboutPending
              name={figures.name}
              state={answered}
              failed={query.isError}
              retrying={query.isFetching}
              onRetry={() => void query.refetch()}
            />
          )}
          <footer className="coin-page__footer">
            <DataNote
              meta={figures.meta}
              failed={data ? failedRefresh('prices', data.meta, query) : null}
            />
            <Attribution />
            {/* The chart's answer in a converted currency says at which rate (the details hold every currency). */}
            <ConvertedNote meta={chartMeta} currency={currency} />
          </footer>
        </>
      ) : missing !== null ? (
        <UnavailableNote state={missing} onRetry={() => void query.refetch()} />
      ) : query.isError ? (
        <LoadError
          message="We couldn't load this coin right now."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <BodySkeleton />
      )}
    </article>
  )
}

function CoinHeader({ figures }: { figures: CoinFigures }) {
  return (
    <header className="coin-page__header">
      <CoinImage src={figures.image} symbol={figures.symbol} size={IMAGE_SIZE} />
      <h1 id="coin-title" className="coin-page__title">
        {figures.name} <span className="coin-page__symbol">{formatSymbol(figures.symbol)}</span>
      </h1>
      <CoinStar coinId={figures.id} name={figures.name} />
      <p className="coin-page__rank">
        Rank <span>{rankLabel(figures.rank)}</span>
      </p>
    </header>
  )
}

function KeyFigures({ figures, currency }: { figures: CoinFigures; currency: Currency }) {
  const price = (value: number | null | undefined) => formatPrice(value, currency)
  const sum = (value: number | null | undefined) => formatNumber(value, currency)
  const symbol = formatSymbol(figures.symbol)
  const supply = (value: number | null | undefined) => {
    const text = formatNumber(value)
    return text === MISSING ? text : `${text} ${symbol}`
  }
  return (
    <section className="coin-figures" aria-labelledby="coin-figures-title">
      <h2 id="coin-figures-title" className="visually-hidden">
        Key figures
      </h2>
      <dl className="coin-figures__list" data-figures={figureWidth(currency)}>
        <Figure term="Market cap">{sum(figures.marketCap)}</Figure>
        <Figure term="24 h volume">{sum(figures.volume)}</Figure>
        <Figure term="24 h high">{price(figures.high24h)}</Figure>
        <Figure term="24 h low">{price(figures.low24h)}</Figure>
        <Figure term="Circulating supply">{supply(figures.circulatingSupply)}</Figure>
        <Figure term="Max supply">{supply(figures.maxSupply)}</Figure>
        <Figure term="All-time high">
          {price(figures.ath)}
          <span className="coin-figures__detail">
            {athDetail(figures.athDate, figures.athChange)}
          </span>
        </Figure>
      </dl>
    </section>
  )
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="coin-figures__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function About({ coin }: { coin: CoinDetail }) {
  const text = descriptionText(coin.description?.en)
  const homepage = homepageUrl(coin.links?.homepage)
  if (!text && !homepage) return null
  return (
    <section className="coin-about" aria-labelledby="coin-about-title">
      <h2 id="coin-about-title" className="coin-section__title">
        About {coin.name}
      </h2>
      {text && <p className="coin-about__text">{text}</p>}
      {homepage && (
        <p>
          <a href={homepage.href} rel="nofollow noopener" className="coin-about__homepage">
            {coin.name} website <span className="visually-hidden">({homepage.host})</span>
          </a>
        </p>
      )}
    </section>
  )
}

/**
 * The description's place while the coin's details are not here (the page opened from its row
 * on the list): loading, or why they are not to be had now, with a countdown.
 */
function AboutPending({
  name,
  state,
  failed,
  retrying,
  onRetry,
}: {
  name: string
  state: Unavailable | null
  failed: boolean
  retrying: boolean
  onRetry: () => void
}) {
  return (
    <section className="coin-about" aria-labelledby="coin-about-title">
      <h2 id="coin-about-title" className="coin-section__title">
        About {name}
      </h2>
      {state ? (
        <UnavailableNote state={state} subject="Description" onRetry={onRetry} />
      ) : failed ? (
        <LoadError
          message="We couldn't load this coin's description right now."
          retrying={retrying}
          onRetry={onRetry}
        />
      ) : (
        <>
          <div className="skeleton-group" aria-hidden="true">
            <span className="skeleton skeleton--text" />
            <span className="skeleton skeleton--text skeleton--short" />
          </div>
          <p className="visually-hidden" role="status">
            Loading the description…
          </p>
        </>
      )}
    </section>
  )
}

// The page while the coin loads: the same blocks, at their final size (the price's is in the
// page, beside the currency menu, which works already).
function HeaderSkeleton() {
  return (
    <div className="skeleton-group" aria-hidden="true">
      <div className="coin-page__header">
        <span className="skeleton coin-page__image-skeleton" />
        <span className="skeleton coin-page__title-skeleton" />
      </div>
    </div>
  )
}

function BodySkeleton() {
  return (
    <>
      <div className="skeleton-group" aria-hidden="true">
        <div className="coin-figures__list">
          {['cap', 'volume', 'high', 'low', 'supply', 'max', 'ath'].map((key) => (
            <div key={key} className="coin-figures__item">
              <span className="skeleton skeleton--text skeleton--short" />
              <span className="skeleton skeleton--text" />
            </div>
          ))}
        </div>
        <div className="coin-chart__box">
          <span className="skeleton coin-chart__skeleton" />
        </div>
      </div>
      <p className="visually-hidden" role="status">
        Loading the coin…
      </p>
    </>
  )
}

/** The coin's price in every currency its details hold, else in the page's from its row. */
export type CoinPrices = Partial<Record<Currency, number>>
function pricesOf(
  data: CoinDetailData | undefined,
  figures: CoinFigures,
  currency: Currency,
): CoinPrices {
  const all = data?.coin.market_data?.current_price
  if (!all) return typeof figures.price === 'number' ? { [currency]: figures.price } : {}
  const prices: CoinPrices = {}
  for (const code of CURRENCIES) {
    const price = all[code]
    if (typeof price === 'number') prices[code] = price
  }
  return prices
}

/** The range, for the currency menu's form to send along: none for the default. */
const rangeParam = (range: ChartRange): Record<string, string> =>
  range === DEFAULT_CHART_RANGE ? {} : { range }

function rankLabel(rank: number | null | undefined): string {
  const text = formatRank(rank)
  return text === MISSING ? text : `#${text}`
}

/** "Nov 10, 2021 · 12.34% below": when the high was, and how far the price is under it. */
export function athDetail(
  date: string | null | undefined,
  change: number | null | undefined,
): string {
  const parts: string[] = []
  const day = formatDate(date)
  if (day !== MISSING) parts.push(day)
  if (typeof change === 'number' && Number.isFinite(change)) {
    const shown = formatPercent(Math.abs(change))
    parts.push(change < 0 && shown !== '0.00%' ? `${shown} below` : 'at its high')
  }
  return parts.join(' · ')
}

/** The coin's first homepage, when it is an http(s) address: nothing else becomes a link. */
export function homepageUrl(
  homepages: readonly (string | null)[] | null | undefined,
): { href: string; host: string } | null {
  for (const candidate of homepages ?? []) {
    if (!candidate?.trim()) continue
    try {
      const url = new URL(candidate.trim())
      if (url.protocol === 'https:' || url.protocol === 'http:') {
        return { href: url.href, host: url.host }
      }
    } catch {
      // Not an address: try the next one.
    }
  }
  return null
}
