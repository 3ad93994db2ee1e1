/**
 * The page's first script, inline in its <head> (`scripts/prerender.ts` compiles it into every
 * page; the server allows it by its hash). A visitor who chose a currency on an earlier visit and
 * opens a page with prices whose address names none is sent at once to the same address with
 * it, which the server renders in that currency. Stopping the page first means nothing of it is
 * parsed or painted in US dollars: the price list never visibly switches currency. It runs
 * before any other code, so it imports nothing; its values come from src/lib/currency.ts.
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
  if (
    !remembered ||
    remembered === currencies[0] ||
    !currencies.includes(remembered) ||
    url.searchParams.has('currency') ||
    !paths.test(url.pathname)
  ) {
    return
  }
  url.searchParams.set('currency', remembered)
  // Other engines may parse on while the new address loads; Chromium stops by itself.
  stop()
  location.replace(url)
}
