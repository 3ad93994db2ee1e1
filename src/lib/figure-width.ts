import type { Currency } from '@contract/currency'

/**
 * How long a currency's figures run, for the tables' column widths and type sizes (market.css,
 * coin-list.css, as `data-figures`): from the currency alone, so a table's skeleton and its
 * loaded rows have the same geometry. Measured on the sample data in DejaVu Sans at 16 px, the
 * widest sum (a market cap, bitcoin's 24 h volume) and price (bitcoin) take beyond the dollar's:
 * - `dollar`: nothing ($, €, £);
 * - `long`: up to ~55 px, four characters (a code before the digits, or a dollar worth up to
 *   a few thousand: ¥15,138,799, CHF 78,333.86, ₩142,698,839);
 * - `longest`: up to ~85 px (a code and a dollar worth hundreds or more: NGN 140,877,234.40,
 *   IDR 32,276,131,492,380,720);
 * - `coin`: bitcoin and ether, long prices (₿0.000010267729) and short sums.
 */
export type FigureWidth = 'dollar' | 'long' | 'longest' | 'coin'

const DOLLAR: ReadonlySet<Currency> = new Set(['usd', 'eur', 'gbp'])
const COIN: ReadonlySet<Currency> = new Set(['btc', 'eth'])
const LONGEST: ReadonlySet<Currency> = new Set([
  'ars',
  'bdt',
  'clp',
  'huf',
  'idr',
  'lkr',
  'mmk',
  'ngn',
  'pkr',
  'vnd',
])

/** Every other currency is `long`: a currency added later is never given a dollar's room. */
export function figureWidth(currency: Currency): FigureWidth {
  if (DOLLAR.has(currency)) return 'dollar'
  if (COIN.has(currency)) return 'coin'
  return LONGEST.has(currency) ? 'longest' : 'long'
}
