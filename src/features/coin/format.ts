// The coin page's dates, beside the other formatting in src/lib/format.ts but only in the coin
// page's code: no other page loads them.
import { MISSING, MONTHS } from '@/lib/format'

/**
 * "Mar 14, 2024" in UTC (a day, such as an all-time high's, is the same in the HTML the server
 * renders and on the visitor's screen).
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return MISSING
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return MISSING
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

/**
 * A chart point's time in the visitor's zone: "14:05" within a day's chart, "Nov 22, 14:05"
 * within a month's, "Nov 22, 2025" over a year.
 */
export function formatChartTime(ms: number, span: 'day' | 'month' | 'year'): string {
  const date = new Date(ms)
  if (Number.isNaN(date.getTime())) return MISSING
  const pad = (part: number) => String(part).padStart(2, '0')
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`
  const day = `${MONTHS[date.getMonth()]} ${date.getDate()}`
  if (span === 'day') return time
  if (span === 'month') return `${day}, ${time}`
  return `${day}, ${date.getFullYear()}`
}
