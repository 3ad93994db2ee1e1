// What the API's errors look like on the wire, shared by the server (which writes them) and the
// site (which reads them). Valibot only: no React, no DOM, no Node, so both sides can import it.
import * as v from 'valibot'

/** One field's problem in a `validation_failed` answer, placed next to that field by the form. */
export const FieldIssueSchema = v.object({ field: v.string(), message: v.string() })
export type FieldIssue = v.InferOutput<typeof FieldIssueSchema>

/**
 * The first message for each field, as the forms and the server's 400 both show them. Here, not
 * beside the sign-up rules, so that the sign-in form does not load the common-password list.
 */
export function fieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const seen = new Set<string>()
  const result: FieldIssue[] = []
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? 'body'
    if (seen.has(field)) continue
    seen.add(field)
    result.push({ field, message: issue.message })
  }
  return result
}

/** Every error the API sends: `{ error: "<stable_code>", message: "<human text>" }`. */
export const ErrorBodySchema = v.object({
  error: v.string(),
  message: v.string(),
  issues: v.optional(v.array(FieldIssueSchema)),
})
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)'
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTH = `(?<month>${MONTHS.join('|')})`
const TIME = '(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})'
// RFC 9110 5.6.7: the preferred IMF-fixdate, then the two obsolete forms a recipient must accept.
const HTTP_DATES = [
  new RegExp(`^${DAY}, (?<day>\\d{2}) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  new RegExp(`^${LONG_DAY}, (?<day>\\d{2})-${MONTH}-(?<year>\\d{2}) ${TIME} GMT$`),
  new RegExp(`^${DAY} ${MONTH} (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})$`),
]

/** An HTTP-date (always in UTC) as ms since the epoch, or null when the text is not one. */
function parseHttpDate(value: string, now: number): number | null {
  const parts = HTTP_DATES.map((format) => format.exec(value)?.groups).find(Boolean)
  if (!parts) return null
  const day = Number(parts.day)
  const hour = Number(parts.hour)
  const minute = Number(parts.minute)
  const second = Number(parts.second)
  let year = Number(parts.year)
  if (parts.year?.length === 2) {
    // A two-digit year more than 50 years ahead is the latest past year with those digits.
    const thisYear = new Date(now).getUTCFullYear()
    year += Math.floor(thisYear / 100) * 100
    if (year > thisYear + 50) year -= 100
  }
  const ms = Date.UTC(year, MONTHS.indexOf(parts.month ?? ''), day, hour, minute, second)
  // Date.UTC rolls 31 Feb over into March: such a date is no date.
  if (new Date(ms).getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null
  return ms
}

/**
 * How long a `Retry-After` asks the client to wait, in ms (RFC 9110 10.2.3): delay-seconds (a
 * whole number of seconds) or an HTTP-date (0 when it has passed). Null when the header is absent
 * or is neither, so that each caller applies its own default and limit.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | null {
  if (value == null) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = parseHttpDate(trimmed, now)
  return date === null ? null : Math.max(0, date - now)
}
