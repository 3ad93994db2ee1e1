// Shared by the site and the server (the allow-list of `vs_currency`), so this module imports
// valibot only.
import * as v from 'valibot'

/** The currencies the price list offers, in the menu's order; the first is the default. */
export const CURRENCIES = ['usd', 'eur', 'gbp', 'jpy', 'btc', 'eth'] as const
export type Currency = (typeof CURRENCIES)[number]
export const DEFAULT_CURRENCY: Currency = 'usd'

export const CurrencySchema = v.picklist(CURRENCIES)

/** The menu's labels, and what the table's caption says the prices are in. */
export const CURRENCY_NAMES: Record<Currency, string> = {
  usd: 'US dollars',
  eur: 'euros',
  gbp: 'pounds sterling',
  jpy: 'yen',
  btc: 'bitcoin',
  eth: 'ether',
}

/**
 * `?currency=` on the pages with the price list: one of the offered currencies, else undefined,
 * which means the default. Not filled in: the router, rendering on the server, redirects to an
 * address whose validated search differs from the one asked for. The server renders the page in
 * the same currency by the same rule.
 */
export const CurrencyParamSchema = v.fallback(v.optional(CurrencySchema), undefined)

/**
 * Where this browser keeps the visitor's choice for the next visit. The server's HTML, shared by
 * every visitor through caches, never depends on one: the choice is applied by the address
 * (src/boot/currency.ts on arrival, the routes' `beforeLoad` in the app).
 */
export const CURRENCY_STORAGE_KEY = 'coinvera-currency'

/**
 * The paths whose pages show prices in the chosen currency: `/`, `/crypto`, the full list
 * (`/coins`), coin pages and `/watchlist`.
 */
export const CURRENCY_PATHS = /^\/(?:crypto|watchlist|coins(?:\/[^/]+)?)?$/
