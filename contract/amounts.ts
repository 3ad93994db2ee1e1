import { Decimal } from 'decimal.js'
import type { Currency } from './currency'
import { CURRENCY_FORMATS } from './currency-formats'

/**
 * A converter's arithmetic: amounts are decimal strings and every product or quotient is exact
 * decimal arithmetic (decimal.js), never a binary float: 3 coins at $0.10 are $0.30, not
 * 0.30000000000000004. A price is the number the market data gave, read as the shortest
 * decimal that prints as it (what JSON wrote).
 */
const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN })

/** The longest amount a visitor may type: more digits than any real sum, fewer than a flood. */
const AMOUNT = /^\d{1,20}(?:\.\d{0,18})?$|^\.\d{1,18}$/

/**
 * What a visitor typed, as a plain decimal string, or null when it is not an amount: spaces and
 * thousands commas are dropped ("1,250.5" → "1250.5"); no sign, no exponent.
 */
export function readAmount(text: string): string | null {
  const plain = text.trim().replace(/[\s,]/g, '')
  if (!AMOUNT.test(plain)) return null
  return new Exact(plain).toFixed()
}

/**
 * `amount` × `rate` (or ÷, `divide`), rounded half-even to `digits` decimals, trailing zeros
 * dropped past `minDigits`: an editable field shows "9741.24", "1", "0.05", never "1.00000000".
 */
export function convert(
  amount: string,
  rate: number | Decimal,
  {
    digits,
    minDigits = 0,
    divide = false,
  }: { digits: number; minDigits?: number; divide?: boolean },
): string | null {
  const exact = new Exact(rate)
  if (!exact.isFinite() || exact.lte(0)) return null
  const value = divide ? new Exact(amount).div(exact) : new Exact(amount).mul(exact)
  const fixed = value.toDecimalPlaces(digits, Decimal.ROUND_HALF_EVEN).toFixed(digits)
  if (!fixed.includes('.')) return fixed
  const [whole, fraction = ''] = fixed.split('.')
  const kept = fraction.replace(/0+$/, '').padEnd(minDigits, '0')
  return kept ? `${whole}.${kept}` : (whole ?? fixed)
}

/**
 * The decimals an amount in `currency` is shown with in a converter: the currency's own (a cent,
 * no fraction of a yen or a won, a fils for the Kuwaiti dinar: contract/currency-formats.ts), a
 * satoshi for bitcoin and ether (their prices show eight significant digits).
 */
export const amountDigits = (currency: Currency): number => CURRENCY_FORMATS[currency].decimals ?? 8

/** A coin's quantity: to the satoshi, the smallest unit most coins are traded in. */
export const COIN_DIGITS = 8

/**
 * `amount` of a unit worth `from` (in some currency) in units worth `to` (in the same one):
 * amount × from ÷ to, exact to `digits` decimals, trailing zeros dropped past `minDigits`.
 */
export function exchange(
  amount: string,
  from: number | string,
  to: number | string,
  options: { digits: number; minDigits?: number },
): string | null {
  const worth = [from, to].map((value) => new Exact(value))
  const [fromWorth, toWorth] = worth
  if (!fromWorth || !toWorth || worth.some((value) => !value.isFinite() || value.lte(0)))
    return null
  return convert(amount, fromWorth.div(toWorth), options)
}
