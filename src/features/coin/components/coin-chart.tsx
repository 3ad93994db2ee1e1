import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react'
import { CurrentLink } from '@/components/current-link'
import { usePageQuery } from '@/components/hydrated'
import { LoadError } from '@/components/load-error'
import { CURRENCY_NAMES, type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import { formatPrice } from '@/lib/format'
import { formatChartTime } from '../format'
import {
  type ChartBox,
  chartPaths,
  chartScales,
  chartSummary,
  extent,
  nearestIndex,
  type Point,
  RANGE_LABELS,
  samplePoints,
} from '../chart'
import { coinQueries } from '../queries'
import { CHART_RANGES, type ChartRange } from '@contract/coin'
import { UnavailableNote, unavailable } from '@/components/unavailable-note'
import { SampleBadge } from '@/components/data-note'

// The SVG's own coordinates; it stretches to the plot's width, its strokes do not.
const BOX: ChartBox = { width: 800, height: 280, padTop: 12, padBottom: 12 }
const TABLE_ROWS = 25
const RANGES = Object.keys(CHART_RANGES) as ChartRange[]

const timeSpan = (range: ChartRange) =>
  range === '24h' ? 'day' : range === '1y' ? 'year' : ('month' as const)

/**
 * The price chart in `currency`, its range links (`?range=`) and its data as a table for screen
 * readers.
 */
export function CoinChart({
  coinId,
  name,
  range,
  currency,
}: {
  coinId: string
  name: string
  range: ChartRange
  currency: Currency
}) {
  const chart = coinQueries.chart(coinId, range, currency)
  // Hydration renders what the server's HTML shows: the chart it was rendered with, or none.
  const query = usePageQuery(chart)
  const { data } = query
  const missing = unavailable(query.error ?? query.failureReason)

  return (
    <section className="coin-chart" aria-labelledby="coin-chart-title">
      <div className="coin-chart__header">
        <h2 id="coin-chart-title" className="coin-section__title">
          Price chart
          {/* A sample chart is never shown as if it were the coin's own. */}
          <SampleBadge meta={data?.meta} />
        </h2>
        <nav className="coin-chart__ranges" aria-label="Chart range">
          {/* Links in the server's HTML too: a range works before the app runs, and without it. */}
          {RANGES.map((option) => (
            <CurrentLink
              key={option}
              to="/coins/$coinId"
              params={{ coinId }}
              // A range keeps the page's currency (the default stays out of the address).
              search={{
                range: option,
                currency: currency === DEFAULT_CURRENCY ? undefined : currency,
              }}
              replace
              resetScroll={false}
              className="coin-chart__range"
              // The range shown, as the page reads it (the router's own mark took the default
              // range's link, without `?range=`, for current with any range).
              current={option === range}
            >
              <span className="visually-hidden">Show</span> {RANGE_LABELS[option].button}
            </CurrentLink>
          ))}
        </nav>
      </div>
      {data ? (
        <ChartFigure points={data.chart.prices} name={name} range={range} currency={currency} />
      ) : missing !== null ? (
        <UnavailableNote
          state={missing}
          subject="Chart"
          className="coin-chart__box"
          onRetry={() => void query.refetch()}
        />
      ) : query.isError ? (
        <LoadError
          className="coin-chart__box"
          message="We couldn't load the price chart right now."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <ChartSkeleton />
      )}
    </section>
  )
}

function ChartSkeleton() {
  return (
    <div className="coin-chart__box skeleton-group" aria-hidden="true">
      <span className="skeleton coin-chart__skeleton" />
    </div>
  )
}

function ChartFigure({
  points,
  name,
  range,
  currency,
}: {
  points: readonly Point[]
  name: string
  range: ChartRange
  currency: Currency
}) {
  const summaryId = useId()
  const [active, setActive] = useState<number | null>(null)
  const span = timeSpan(range)
  const summary = chartSummary(points, range, currency)
  const price = (value: number) => formatPrice(value, currency)
  const prices = extent(points)

  if (points.length === 0 || !prices) {
    return (
      <div className="coin-chart__box coin-chart__empty">
        <p>{summary}.</p>
      </div>
    )
  }

  const { line, area } = chartPaths(points, BOX)
  const { x, y } = chartScales(points, BOX)
  const first = points[0] as Point
  const last = points[points.length - 1] as Point
  const point = active === null ? null : (points[active] ?? null)
  const rising = last[1] >= first[1]

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    if (rect.width === 0) return
    const fraction = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width))
    setActive(nearestIndex(points, first[0] + fraction * (last[0] - first[0])))
  }
  const step = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 }
    const lastIndex = points.length - 1
    let next: number | null = null
    if (event.key in moves) next = (active ?? lastIndex) + (moves[event.key] as number)
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = lastIndex
    else if (event.key === 'Escape') {
      setActive(null)
      return
    }
    if (next === null) return
    event.preventDefault()
    setActive(Math.min(lastIndex, Math.max(0, next)))
  }

  return (
    <figure className="coin-chart__figure">
      {/* A focusable group, so keyboard users can step through the prices the pointer shows. */}
      {/* biome-ignore lint/a11y/useSemanticElements: no HTML element is a focusable chart group */}
      <div
        className="coin-chart__box coin-chart__plot"
        role="group"
        aria-label={`${name} price chart: arrow keys step through the prices`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes arrow keys
        tabIndex={0}
        onPointerMove={pick}
        onPointerDown={pick}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') setActive(null)
        }}
        onKeyDown={step}
        onBlur={() => setActive(null)}
      >
        <svg
          className={`coin-chart__svg coin-chart__svg--${rising ? 'up' : 'down'}`}
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${name} price, ${RANGE_LABELS[range].span}`}
          aria-describedby={summaryId}
        >
          <path className="coin-chart__area" d={area} />
          <path className="coin-chart__line" d={line} vectorEffect="non-scaling-stroke" />
          {point && (
            <line
              className="coin-chart__cursor"
              x1={x(point[0])}
              x2={x(point[0])}
              y1={0}
              y2={BOX.height}
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
        {point && (
          <span
            className="coin-chart__dot"
            style={{
              left: `${(x(point[0]) / BOX.width) * 100}%`,
              top: `${(y(point[1]) / BOX.height) * 100}%`,
            }}
            aria-hidden="true"
          />
        )}
        <span className="coin-chart__label coin-chart__label--high" aria-hidden="true">
          {price(prices.max)}
        </span>
        <span className="coin-chart__label coin-chart__label--low" aria-hidden="true">
          {price(prices.min)}
        </span>
      </div>
      <div className="coin-chart__axis" aria-hidden="true">
        <span>{formatChartTime(first[0], span)}</span>
        <span>{formatChartTime(last[0], span)}</span>
      </div>
      <p className="coin-chart__readout" aria-live="polite">
        {point ? (
          <>
            <span className="coin-chart__readout-price">{price(point[1])}</span>{' '}
            <span className="coin-chart__readout-time">{formatChartTime(point[0], span)}</span>
          </>
        ) : null}
      </p>
      <figcaption id={summaryId} className="coin-chart__summary">
        {summary}
      </figcaption>
      {/* In a hidden box: a table is never shorter than its rows, so hidden itself it stuck out
          below the page's footer. */}
      <div className="visually-hidden">
        <table>
          <caption>
            {`${name} price, ${RANGE_LABELS[range].span}, in ${CURRENCY_NAMES[currency]}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {samplePoints(points, TABLE_ROWS).map(([time, price]) => (
              <tr key={time}>
                <th scope="row">{formatChartTime(time, span)}</th>
                <td>{formatPrice(price, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
