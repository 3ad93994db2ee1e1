import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { CURRENCIES, CURRENCY_PATHS, CURRENCY_STORAGE_KEY, type Currency } from '@contract/currency'
import { rememberedCurrency } from '@/boot/currency'
import { storage } from './storage'

/** Keeps the visitor's choice for the next visit (this browser only; refused, this visit only). */
export function rememberCurrency(currency: Currency): void {
  storage.write(CURRENCY_STORAGE_KEY, currency)
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
    storage.read(CURRENCY_STORAGE_KEY),
    CURRENCIES,
    CURRENCY_PATHS,
    { pathname: location.pathname, hasCurrency: Boolean(search.currency) },
  )
  if (!currency) return
  const params = new URLSearchParams({ ...location.search, currency })
  throw redirect({ href: `${location.pathname}?${params}` })
}
