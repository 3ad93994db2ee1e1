import { type ParsedLocation, redirect } from '@tanstack/react-router'
import {
  CURRENCIES,
  CURRENCY_STORAGE_KEY,
  type Currency,
  DEFAULT_CURRENCY,
} from '@contract/currency'

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
 * The `beforeLoad` of the pages with prices: an address without `?currency=` shows the currency
 * the visitor chose last, unless it is the default. A first load arrives with it already
 * (src/boot/currency.ts); this covers the app's own links, which name none.
 */
export function keepRememberedCurrency({
  search,
  location,
}: {
  search: { currency?: Currency | undefined }
  location: ParsedLocation
}): void {
  if (import.meta.env.SSR || search.currency) return
  const remembered = storage()?.getItem(CURRENCY_STORAGE_KEY)
  const currency = CURRENCIES.find((known) => known === remembered && known !== DEFAULT_CURRENCY)
  if (!currency) return
  const params = new URLSearchParams({ ...location.search, currency })
  throw redirect({ href: `${location.pathname}?${params}` })
}
