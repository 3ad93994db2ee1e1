/**
 * The remembered currency, one rule for the page's first script and the app: an address with
 * prices but no `?currency=` shows the currency the visitor chose last, unless that is the
 * default or no longer offered. Null: the address stays as it is. It imports nothing, so the
 * inline script compiled from this module (scripts/prerender.ts) stays a few hundred bytes; its
 * values come from contract/currency.ts.
 */
export function rememberedCurrency(
  remembered: string | null | undefined,
  currencies: readonly string[],
  paths: RegExp,
  address: { pathname: string; hasCurrency: boolean },
): string | null {
  if (!remembered || remembered === currencies[0] || !currencies.includes(remembered)) return null
  return address.hasCurrency || !paths.test(address.pathname) ? null : remembered
}

/**
 * The page's first script, inline in its <head> (`scripts/prerender.ts` compiles it into every
 * page; the server allows it by its hash). A visitor who chose a currency on an earlier visit and
 * opens a page with prices whose address names none is sent at once to the same address with
 * it, which the server renders in that currency. Stopping the page first means nothing of it is
 * parsed or painted in US dollars: the price list never visibly switches currency.
 */
export function applyRememberedCurrency(
  key: string,
  currencies: readonly string[],
  paths: RegExp,
): void {
  let remembered: string | null
  try {
    remembered = localStorage.getItem(key)
  } catch {
    // Storage refused: nothing is remembered.
    return
  }
  const url = new URL(location.href)
  const currency = rememberedCurrency(remembered, currencies, paths, {
    pathname: url.pathname,
    hasCurrency: url.searchParams.has('currency'),
  })
  if (!currency) return
  url.searchParams.set('currency', currency)
  // Other engines may parse on while the new address loads; Chromium stops by itself.
  stop()
  location.replace(url)
}
