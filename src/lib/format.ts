import type { Currency } from '@contract/currency'
import { CURRENCY_FORMATS } from '@contract/currency-formats'
import type { DataSource } from '@contract/data-meta'
import type { Conversion } from '@contract/exchange-rates'

// Display rules for market data (the price list, trending coins, coin pages), written out in en-US so prerendered and client HTML match.
export const MISSING = '–'

export type Rounding =
  | { minFraction: number; maxFraction: number }
  | { minSignificant: number; maxSignificant: number }

/** Adds one to a string of decimal digits: "129" → "130", "99" → "100". */
function increment(digits: string): string {
  let i = digits.length - 1
  while (i >= 0 && digits[i] === '9') i--
  if (i < 0) return `1${'0'.repeat(digits.length)}`
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1)
}

/**
 * What `new Intl.NumberFormat('en-US', rounding).format(value)` gives, by hand: the first
 * NumberFormat a page builds loads ICU's number data in one task, right when the price list
 * renders: 76 ms (49–141) on the throttled phone (`bench/intl-first-use.ts`; the clone goes if
 * that falls under 10 ms). Like ICU it rounds the shortest decimal that reads back as `value`
 * (so 1.005 → "1.01"), half away from zero. A test holds it to Intl over many random values.
 */
export function formatDecimal(value: number, rounding: Rounding): string {
  const negative = value < 0 || Object.is(value, -0)
  // value = 0.DIGITS × 10^point: `toExponential()` gives the shortest digits that read back.
  const [mantissa = '0', exponent = '0'] = Math.abs(value).toExponential().split('e')
  let digits = mantissa.replace('.', '')
  let point = Number(exponent) + 1
  const keep = 'maxFraction' in rounding ? point + rounding.maxFraction : rounding.maxSignificant
  if (digits.length > keep) {
    const roundUp = keep >= 0 && (digits[keep] ?? '0') >= '5'
    digits = keep > 0 ? digits.slice(0, keep) : ''
    if (roundUp) {
      const next = increment(digits)
      if (next.length > digits.length) point += 1
      digits = next
    }
    if (digits === '' || /^0+$/.test(digits)) {
      digits = '0'
      point = 1
    }
  }
  digits = digits.replace(/(?<=.)0+$/, '')
  const integer = point > 0 ? digits.slice(0, point).padEnd(point, '0') : '0'
  let fraction = point > 0 ? digits.slice(point) : '0'.repeat(-point) + digits
  const minFraction =
    'minFraction' in rounding ? rounding.minFraction : rounding.minSignificant - point
  fraction = fraction.padEnd(minFraction, '0')
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ',')
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}

const INTEGER: Rounding = { minFraction: 0, maxFraction: 0 }
const UP_TO_THREE: Rounding = { minFraction: 0, maxFraction: 3 }
const TWO_DECIMALS: Rounding = { minFraction: 2, maxFraction: 2 }
const THREE_DECIMALS: Rounding = { minFraction: 3, maxFraction: 3 }
// Below one dollar, significant digits keep tiny prices readable: 0.00000123, not 0.00.
const SMALL_PRICE: Rounding = { minSignificant: 2, maxSignificant: 4 }
// Sums in bitcoin or ether: one satoshi is 0.00000001 BTC, so no fixed decimals fit.
const CRYPTO: Rounding = { minSignificant: 1, maxSignificant: 8 }

/**
 * What stands before a sum's digits in `currency`, as en-US writes it ("-€2.50", "-CHF 2.50"):
 * its sign, or its code and a no-break space (contract/currency-formats.ts).
 */
export const currencyPrefix = (currency: Currency): string => CURRENCY_FORMATS[currency].prefix

const FIXED: Record<number, Rounding> = { 0: INTEGER, 2: TWO_DECIMALS, 3: THREE_DECIMALS }

/**
 * A sum in `currency`: with the currency's own decimals (€ two, ¥ and ₩ none, the Kuwaiti dinar
 * three), ₿ and Ξ with up to eight significant digits; `small` keeps a fiat sum below one readable
 * (¥0.0012, not ¥0).
 */
function moneyRounding(abs: number, currency: Currency, small: boolean): Rounding {
  const { decimals } = CURRENCY_FORMATS[currency]
  if (decimals === null) return CRYPTO
  if (small && abs !== 0 && abs < 1) return SMALL_PRICE
  return FIXED[decimals] ?? { minFraction: decimals, maxFraction: decimals }
}

/** The sign, the symbol, then the digits; no minus on a sum shown as zero (it did not fall). */
function money(value: number, currency: Currency, small: boolean): string {
  const abs = Math.abs(value)
  const digits = formatDecimal(abs, moneyRounding(abs, currency, small))
  const negative = value < 0 && /[1-9]/.test(digits)
  return `${negative ? '-' : ''}${currencyPrefix(currency)}${digits}`
}

type Numeric = number | null | undefined

function known(value: Numeric): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

export function formatSymbol(symbol: string | null | undefined): string {
  return symbol ? symbol.toUpperCase() : MISSING
}

export function formatPrice(value: Numeric, currency: Currency = 'usd'): string {
  return known(value) ? money(value, currency, true) : MISSING
}

/** Two decimals, and no minus sign on a value that rounds to zero: it did not fall. */
function twoDecimals(value: number): string {
  const text = formatDecimal(value, TWO_DECIMALS)
  return text === '-0.00' ? '0.00' : text
}

export function formatPercent(value: Numeric): string {
  return known(value) ? `${twoDecimals(value)}%` : MISSING
}

/**
 * A fixed share that copy states (a suggested move, a margin), not a measured change: no
 * trailing zeros, and no space before the sign, as `formatPercent` writes it. 0.05 → "5%".
 */
export function formatShare(fraction: number): string {
  return `${formatDecimal(fraction * 100, UP_TO_THREE)}%`
}

/**
 * `market_cap_change_24h`: two decimals in every currency, bitcoin and yen included (the column
 * reads as one, and the brief says two), also below one (a change, not a price).
 */
export function formatMoneyChange(value: Numeric, currency: Currency = 'usd'): string {
  if (!known(value)) return MISSING
  const digits = twoDecimals(value)
  const negative = digits.startsWith('-')
  return `${negative ? '-' : ''}${currencyPrefix(currency)}${negative ? digits.slice(1) : digits}`
}

/**
 * Volume and market cap, with the sign of their `currency` when given ("€1,840,734,193"); a
 * supply or a count without.
 */
export function formatNumber(value: Numeric, currency?: Currency): string {
  if (!known(value)) return MISSING
  const text = formatDecimal(value, Math.abs(value) >= 1000 ? INTEGER : UP_TO_THREE)
  return currency ? currencyPrefix(currency) + text : text
}

export function formatRank(value: Numeric): string {
  return known(value) ? formatDecimal(value, INTEGER) : MISSING
}

export type ChangeDirection = 'up' | 'down' | 'flat' | 'none'

/**
 * Which way a change went, as it is shown (two decimals): a value shown as 0.00 went neither
 * way, so it gets no arrow and no colour. Unknown is 'none'.
 */
export function changeDirection(value: Numeric): ChangeDirection {
  if (!known(value)) return 'none'
  const text = twoDecimals(value)
  if (text === '0.00') return 'flat'
  return text.startsWith('-') ? 'down' : 'up'
}

/**
 * "14:05" in the visitor's own time zone, by hand for the same reason as `formatDecimal`
 * (`toLocaleTimeString` loads ICU's date data). `utc`: "14:05 UTC", for HTML rendered on the
 * server, which does not know the visitor's zone.
 */
export function formatTime(iso: string | null | undefined, utc = false): string {
  if (!iso) return MISSING
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return MISSING
  const pad = (part: number) => String(part).padStart(2, '0')
  if (utc) return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** Two letters to four of the symbol, for the monogram shown when a coin image fails. */
export function monogram(symbol: string | null | undefined): string {
  const text = formatSymbol(symbol)
  return text === MISSING ? '?' : text.slice(0, 4)
}

/** Month names as en-US abbreviates them. */
export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
]

/** "12 s", "3 min": a no-break space, so a line never ends between a count and its unit. */
export function withUnit(count: number, unit: string): string {
  return `${count}\u00a0${unit}`
}

/**
 * "14:05" for a time of today, "Nov 22, 14:05" for an earlier day, "Aug 30, 2022, 00:06" for an
 * earlier year (the visitor's time zone).
 */
export function formatSince(iso: string, now: number): string {
  const time = formatTime(iso)
  if (time === MISSING) return time
  const date = new Date(iso)
  const today = new Date(now)
  if (date.toDateString() === today.toDateString()) return time
  const day = `${MONTHS[date.getMonth()]} ${date.getDate()}`
  if (date.getFullYear() === today.getFullYear()) return `${day}, ${time}`
  return `${day}, ${date.getFullYear()}, ${time}`
}

/** Shown data whose refresh failed: what it is and when it is from. */
export type FailedRefresh = { subject: string; since: string; now: number }

/**
 * The line under a list: why it shows sample data (its heading's badge says that it does), data
 * whose refresh failed (`failed`), or data our server says is stale; null for live data
 * (CoinGecko itself sends no source, which counts as live). `utc`: times in UTC (`formatTime`).
 */
export function dataNote(
  meta: { source: DataSource | null; updatedAt: string | null },
  failed: FailedRefresh | null = null,
  utc = false,
): string | null {
  if (meta.source === 'sample') return 'Live prices are unavailable'
  if (failed) {
    return `Showing ${failed.subject} from ${formatSince(failed.since, failed.now)} — couldn't refresh`
  }
  if (meta.source !== 'stale') return null
  const time = formatTime(meta.updatedAt, utc)
  return time === MISSING ? 'Prices may be out of date' : `Prices as of ${time}`
}

/** An exchange rate as the converted note writes it: 83.21, 1,464.90, 0.3069. */
export function formatRate(rate: number): string {
  return formatDecimal(rate, rate >= 1 ? TWO_DECIMALS : { minSignificant: 4, maxSignificant: 4 })
}

/** "3 min ago", "just now": how long ago `iso` was, in words. */
function agoText(iso: string, now: number): string {
  const age = Math.max(0, now - Date.parse(iso))
  if (age < 60_000) return 'just now'
  if (age < 3_600_000) return `${withUnit(Math.floor(age / 60_000), 'min')} ago`
  if (age < 86_400_000) return `${withUnit(Math.floor(age / 3_600_000), 'h')} ago`
  return `on ${formatSince(iso, now)}`
}

/**
 * The line under figures the server made from US dollars: "Converted from USD at 1 USD =
 * 83.21 INR, 3 min ago." and, while no day-old rate is held, that the 24 h change is the dollar's.
 * `now` null (the server's HTML, shared by every visitor): the rate's time in UTC instead.
 */
export function convertedNote(
  conversion: Conversion,
  currency: Currency,
  now: number | null,
): string {
  const code = currency.toUpperCase()
  const when =
    conversion.ratesSource === 'sample'
      ? 'a sample rate (live rates are unavailable)'
      : now === null
        ? `the rate of ${formatTime(conversion.ratesAt, true)}`
        : agoText(conversion.ratesAt, now)
  const rate = `1 USD = ${formatRate(conversion.rate)} ${code}`
  const change =
    conversion.change24h === 'dollar'
      ? ' The 24 h change is the dollar’s: no rate from a day ago is held yet.'
      : ' The 24 h change includes the rate’s own move.'
  return `Converted from USD at ${rate}, ${when}.${change}`
}
