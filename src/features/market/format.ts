import type { DataSource } from './schemas'

// Display rules for market data. A fixed locale keeps prerendered and client HTML identical.
const LOCALE = 'en-US'
export const MISSING = '–'

/** A number formatter built on first use: building one costs time a page's start-up can spare. */
function formatter(options: Intl.NumberFormatOptions): { format(value: number): string } {
  let built: Intl.NumberFormat | undefined
  return {
    format: (value) => {
      built ??= new Intl.NumberFormat(LOCALE, options)
      return built.format(value)
    },
  }
}

const integer = formatter({ maximumFractionDigits: 0 })
const number = formatter({ maximumFractionDigits: 3 })
const twoDecimals = formatter({ minimumFractionDigits: 2, maximumFractionDigits: 2 })
// Below one dollar, significant digits keep tiny prices readable: 0.00000123, not 0.00.
const smallPrice = formatter({ minimumSignificantDigits: 2, maximumSignificantDigits: 4 })

type Numeric = number | null | undefined

function known(value: Numeric): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

export function formatSymbol(symbol: string | null | undefined): string {
  return symbol ? symbol.toUpperCase() : MISSING
}

export function formatPrice(value: Numeric): string {
  if (!known(value)) return MISSING
  const abs = Math.abs(value)
  const digits = abs !== 0 && abs < 1 ? smallPrice.format(abs) : twoDecimals.format(abs)
  return `${value < 0 ? '-' : ''}$${digits}`
}

export function formatPercent(value: Numeric): string {
  return known(value) ? `${twoDecimals.format(value)}%` : MISSING
}

/** `market_cap_change_24h`: always two decimals. */
export function formatTwoDecimals(value: Numeric): string {
  return known(value) ? twoDecimals.format(value) : MISSING
}

/** Volume and market cap. */
export function formatNumber(value: Numeric): string {
  if (!known(value)) return MISSING
  return Math.abs(value) >= 1000 ? integer.format(value) : number.format(value)
}

export function formatRank(value: Numeric): string {
  return known(value) ? integer.format(value) : MISSING
}

export type Direction = 'up' | 'down' | 'none'

/** Up only when the change is above zero, as the product draws it; unknown is neither. */
export function changeDirection(value: Numeric): Direction {
  if (!known(value)) return 'none'
  return value > 0 ? 'up' : 'down'
}

/** "14:05" in the visitor's own time zone. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return MISSING
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return MISSING
  return date.toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit', hour12: false })
}

/** Two letters to four of the symbol, for the monogram shown when a coin image fails. */
export function monogram(symbol: string | null | undefined): string {
  const text = formatSymbol(symbol)
  return text === MISSING ? '?' : text.slice(0, 4)
}

/**
 * The line under a list when our server did not send live data, or null when it did
 * (CoinGecko itself sends no source, which counts as live).
 */
export function dataNote(meta: {
  source: DataSource | null
  updatedAt: string | null
}): string | null {
  if (meta.source === 'sample') return 'Live prices are unavailable; showing sample data'
  if (meta.source !== 'stale') return null
  const time = formatTime(meta.updatedAt)
  return time === MISSING ? 'Prices may be out of date' : `Prices as of ${time}`
}
