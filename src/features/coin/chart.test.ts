import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type ChartBox,
  chartPaths,
  chartScales,
  chartSummary,
  changePercent,
  nearestIndex,
  type Point,
  samplePoints,
} from './chart'

const BOX: ChartBox = { width: 100, height: 50, padTop: 0, padBottom: 0 }
const points: Point[] = [
  [0, 100],
  [10, 150],
  [20, 120],
  [30, 110],
]

describe('chartSummary', () => {
  it('gives the span, the range of prices and the change from first to last', () => {
    expect(chartSummary(points, '7d', 'usd')).toBe('7-day range $100.00–$150.00, up 10.00%')
    expect(chartSummary([...points].reverse(), '24h', 'usd')).toBe(
      '24-hour range $100.00–$150.00, down 9.09%',
    )
  })

  it('says unchanged for a change shown as 0.00%, and handles one point or none', () => {
    expect(
      chartSummary(
        [
          [0, 1000],
          [1, 1000.01],
        ],
        '30d',
        'usd',
      ),
    ).toBe('30-day range $1,000.00–$1,000.01, unchanged')
    expect(chartSummary([[0, 0.5]], '1y', 'usd')).toBe('1-year range $0.50–$0.50')
    expect(chartSummary([], '1y', 'usd')).toBe('No 1-year price data')
  })

  it('formats tiny prices with significant digits', () => {
    expect(
      chartSummary(
        [
          [0, 0.00001234],
          [1, 0.00002468],
        ],
        '7d',
        'usd',
      ),
    ).toBe('7-day range $0.00001234–$0.00002468, up 100.00%')
  })

  it("writes the prices in the chart's currency", () => {
    expect(chartSummary(points, '7d', 'eur')).toBe('7-day range €100.00–€150.00, up 10.00%')
    expect(chartSummary(points, '7d', 'jpy')).toBe('7-day range ¥100–¥150, up 10.00%')
    expect(
      chartSummary(
        [
          [0, 0.0000123456789],
          [1, 0.0000234567891],
        ],
        '24h',
        'btc',
      ),
    ).toBe('24-hour range ₿0.000012345679–₿0.000023456789, up 90.00%')
  })
})

describe('chart geometry', () => {
  it('maps time left to right and price bottom to top', () => {
    const { x, y } = chartScales(points, BOX)
    expect(x(0)).toBe(0)
    expect(x(30)).toBe(100)
    expect(y(100)).toBe(50)
    expect(y(150)).toBe(0)
  })

  it('draws a line through every point and closes the area along the bottom', () => {
    const { line, area } = chartPaths(points, BOX)
    expect(line).toBe('M0,50L33.3,0L66.7,30L100,40')
    expect(area).toBe(`${line}L100,50L0,50Z`)
    expect(chartPaths([], BOX)).toEqual({ line: '', area: '' })
  })

  it('draws a flat series across the middle', () => {
    expect(
      chartPaths(
        [
          [0, 5],
          [1, 5],
        ],
        BOX,
      ).line,
    ).toBe('M0,25L100,25')
  })

  it('finds the point nearest in time', () => {
    expect(nearestIndex(points, -5)).toBe(0)
    expect(nearestIndex(points, 4)).toBe(0)
    expect(nearestIndex(points, 6)).toBe(1)
    expect(nearestIndex(points, 29)).toBe(3)
    expect(nearestIndex(points, 99)).toBe(3)
  })

  it('nearestIndex agrees with a linear search', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: -100, max: 10_100 }),
        (times, time) => {
          const series = [...times].sort((a, b) => a - b).map((t): Point => [t, 1])
          const found = series[nearestIndex(series, time)] as Point
          const best = Math.min(...series.map(([t]) => Math.abs(t - time)))
          expect(Math.abs(found[0] - time)).toBe(best)
        },
      ),
    )
  })

  it('computes the change and samples the table rows, first and last kept', () => {
    expect(changePercent(points)).toBeCloseTo(10)
    expect(changePercent([[0, 1]])).toBeNull()
    const many = Array.from({ length: 169 }, (_, i): Point => [i, i])
    const sampled = samplePoints(many, 25)
    expect(sampled).toHaveLength(25)
    expect(sampled[0]).toEqual([0, 0])
    expect(sampled[24]).toEqual([168, 168])
    expect(samplePoints(points, 25)).toEqual(points)
  })
})
