// The price chart's pure parts: scales, the line's path, the nearest point and the text summary.
// Hand-written SVG: the chart is one line and an area, which needs no chart library.
import type { Currency } from '@contract/currency'
import { formatPercent, formatPrice } from '@/lib/format'
import type { ChartRange } from '@contract/coin'

export type Point = readonly [time: number, price: number]

export type ChartBox = { width: number; height: number; padTop: number; padBottom: number }

export type Extent = { min: number; max: number }

export const RANGE_LABELS: Record<ChartRange, { button: string; span: string }> = {
  '24h': { button: '24 h', span: '24-hour' },
  '7d': { button: '7 d', span: '7-day' },
  '30d': { button: '30 d', span: '30-day' },
  '1y': { button: '1 y', span: '1-year' },
}

/** The lowest and highest value of the points' prices (or times); null for no points. */
export function extent(points: readonly Point[], index: 0 | 1 = 1): Extent | null {
  if (points.length === 0) return null
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (const point of points) {
    min = Math.min(min, point[index])
    max = Math.max(max, point[index])
  }
  return { min, max }
}

/** A linear map from `domain` onto `[from, to]`; a flat domain maps to the middle. */
export function linearScale(domain: Extent, from: number, to: number): (value: number) => number {
  const span = domain.max - domain.min
  if (span === 0) return () => (from + to) / 2
  return (value) => from + ((value - domain.min) / span) * (to - from)
}

/** Pixel scales of the points in the box: time left to right, price bottom to top. */
export function chartScales(points: readonly Point[], box: ChartBox) {
  const times = extent(points, 0) ?? { min: 0, max: 1 }
  const prices = extent(points, 1) ?? { min: 0, max: 1 }
  return {
    x: linearScale(times, 0, box.width),
    y: linearScale(prices, box.height - box.padBottom, box.padTop),
  }
}

const round = (value: number) => Math.round(value * 10) / 10

/** The line through the points (`M…L…`), and the area under it closed along the bottom. */
export function chartPaths(
  points: readonly Point[],
  box: ChartBox,
): { line: string; area: string } {
  if (points.length === 0) return { line: '', area: '' }
  const { x, y } = chartScales(points, box)
  const line = points
    .map(([time, price], index) => `${index === 0 ? 'M' : 'L'}${round(x(time))},${round(y(price))}`)
    .join('')
  const first = points[0] as Point
  const last = points[points.length - 1] as Point
  const area = `${line}L${round(x(last[0]))},${box.height}L${round(x(first[0]))},${box.height}Z`
  return { line, area }
}

/** The index of the point nearest in time to `time` (points are oldest first). */
export function nearestIndex(points: readonly Point[], time: number): number {
  let low = 0
  let high = points.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if ((points[middle] as Point)[0] < time) low = middle + 1
    else high = middle
  }
  if (low > 0 && time - (points[low - 1] as Point)[0] < (points[low] as Point)[0] - time) {
    return low - 1
  }
  return Math.max(0, low)
}

/** Per cent change from the first point's price to the last one's; null without two points. */
export function changePercent(points: readonly Point[]): number | null {
  if (points.length < 2) return null
  const first = (points[0] as Point)[1]
  const last = (points[points.length - 1] as Point)[1]
  if (first === 0) return null
  return ((last - first) / first) * 100
}

/** "7-day range $1,234.00–$2,345.00, up 3.21%": the chart's text summary, in `currency`. */
export function chartSummary(
  points: readonly Point[],
  range: ChartRange,
  currency: Currency,
): string {
  const span = RANGE_LABELS[range].span
  const prices = extent(points)
  if (!prices) return `No ${span} price data`
  const text = `${span} range ${formatPrice(prices.min, currency)}–${formatPrice(prices.max, currency)}`
  const change = changePercent(points)
  if (change === null) return text.charAt(0).toUpperCase() + text.slice(1)
  const shown = formatPercent(Math.abs(change))
  const way = shown === '0.00%' ? 'unchanged' : change > 0 ? `up ${shown}` : `down ${shown}`
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}, ${way}`
}

/**
 * At most `count` points spread evenly over the series, the first and last included: the data
 * table for screen readers lists these rather than all 365 days or 288 five-minute prices.
 */
export function samplePoints(points: readonly Point[], count: number): Point[] {
  if (points.length <= count) return [...points]
  const step = (points.length - 1) / (count - 1)
  return Array.from({ length: count }, (_, index) => points[Math.round(index * step)] as Point)
}
