/**
 * A decimal string with its thousands grouped, as the site writes figures ("4050000.5" →
 * "4,050,000.5"): on the string, so no digit of an exact amount is lost to a float.
 */
export function groupDigits(decimal: string): string {
  const [whole = '', fraction] = decimal.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}
