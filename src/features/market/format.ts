// The global bar's short figures, by the rules of src/lib/format.ts, in the bar's own code (it
// hydrates when the prices near the viewport), not in the code every page starts with.
import type { Currency } from '@contract/currency'
import { currencyPrefix, formatDecimal, formatPrice, MISSING } from '@/lib/format'

const COMPACT = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
] as const

/** A large sum shortened for the global bar: "$3.38T", "₿34.72M"; below a million as a price. */
export function formatCompactMoney(
  value: number | null | undefined,
  currency: Currency = 'usd',
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING
  const abs = Math.abs(value)
  const [size, unit] = COMPACT.find(([size]) => abs >= size) ?? [1, '']
  if (!unit) return formatPrice(value, currency)
  const digits = formatDecimal(abs / size, { minFraction: 2, maxFraction: 2 })
  return `${value < 0 ? '-' : ''}${currencyPrefix(currency)}${digits}${unit}`
}
