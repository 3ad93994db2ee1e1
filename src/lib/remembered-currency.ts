import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { CURRENCIES, CURRENCY_PATHS, CURRENCY_STORAGE_KEY, type Currency } from '@contract/currency'
import { rememberedCurrency } from '@/boot/currency'

/** localStorage, or none when the browser refuses it (nothing is remembered then). */
function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** Keeps the visitor's choice for the next visit (this browser only). */
export function rememberCurrency(currency: Currency): void {
  try {
    storage()?.setItem(CURRENCY_STORAGE_KEY, currency)
  } catch {
    // Storage full or refused: the choice holds for this visit only.
  }
}

/**
 * The `beforeLoad` of the pages with prices, by the rule of the page's first script
 * (src/boot/currency.ts): a first load arrives with the currency already; this covers the app's
 * own links, which name none.
 */
export function keepRememberedCurrency({
  search,
  location,
}: {
  search: { currency?: Currency | undefined }
  location: ParsedLocation
}): void {
  if (import.meta.env.SSR) return
  const currency = rememberedCurrency(
    storage()?.getItem(CURRENCY_STORAGE_KEY),
    CURRENCIES,
    CURRENCY_PATHS,
    { pathname: location.pathname, hasCurrency: Boolean(search.currency) },
  )
  if (!currency) return
  const params = new URLSearchParams({ ...location.search, currency })
  throw redirect({ href: `${location.pathname}?${params}` })
}
