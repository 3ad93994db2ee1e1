import { describe, expect, it } from 'vitest'
import { MISSING } from '@/lib/format'
import { formatChartTime, formatDate } from './format'

describe('coin page dates', () => {
  it('writes a day in UTC, and a missing or bad date as missing', () => {
    expect(formatDate('2025-10-06T23:57:42.558Z')).toBe('Oct 6, 2025')
    expect(formatDate(null)).toBe(MISSING)
    expect(formatDate('soon')).toBe(MISSING)
  })

  it("writes a chart point's time for its span, in the visitor's zone", () => {
    const ms = new Date(2025, 10, 22, 14, 5).getTime()
    expect(formatChartTime(ms, 'day')).toBe('14:05')
    expect(formatChartTime(ms, 'month')).toBe('Nov 22, 14:05')
    expect(formatChartTime(ms, 'year')).toBe('Nov 22, 2025')
  })
})
