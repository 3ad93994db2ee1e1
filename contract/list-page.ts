// The full list's search params, apart from its schemas: the route's `validateSearch` comes with
// every page's entry, and the list's schemas are most of its page's code.
import * as v from 'valibot'
import { CurrencyParamSchema } from './currency'

/**
 * `?page=` of `/coins`: a whole number from 2 (the router reads `?page=2` as the number 2); anything
 * else is the first page, which keeps the parameter out of its address. Past the list's last page
 * is the not-found page, which the server and the list's own query decide.
 */
export const ListPageSchema = v.fallback(
  v.optional(v.custom<number>((value) => Number.isInteger(value) && (value as number) >= 2)),
  undefined,
)

/** The full list's address: its page and its currency (`?currency=`, else usd). */
export const MarketListSearchSchema = v.object({
  page: ListPageSchema,
  currency: CurrencyParamSchema,
})

/**
 * The page an address's `?page=` names, read as the router reads it (each value as JSON when it
 * parses, else as text), so the server renders the page the browser then shows.
 */
export function listPageOf(param: string | undefined): number {
  let value: unknown = param
  try {
    value = param === undefined ? undefined : JSON.parse(param)
  } catch {
    // Not JSON: the router keeps it as text, which is no page number.
  }
  return v.parse(ListPageSchema, value) ?? 1
}
