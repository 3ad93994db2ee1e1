// The watchlist as the site and the server agree on it (server/routes/watchlist.ts,
// src/features/watchlist): coins by CoinGecko id, never by symbol. Imports valibot only.
import * as v from 'valibot'
import { CoinIdSchema } from './coin-id'
import { CurrencySchema } from './currency'
import { type DataMeta, DataMetaSchema } from './data-meta'

/** Coins one watchlist holds at most; the next one is refused (`409 watchlist_full`). */
export const WATCHLIST_MAX = 200

/** A watchlist: `GET /api/watchlist`, and the answer to every change. */
export const WatchlistSchema = v.object({
  coins: v.pipe(v.array(CoinIdSchema), v.maxLength(WATCHLIST_MAX)),
})
export type Watchlist = v.InferOutput<typeof WatchlistSchema>

/** `POST /api/watchlist`: the browser's list, merged into the account's. */
export const WatchlistMergeSchema = WatchlistSchema
/** Its answer: the account's list after the merge, and the coins it could not take. */
export const WatchlistMergedSchema = v.object({
  coins: v.array(CoinIdSchema),
  refused: v.array(CoinIdSchema),
})

/**
 * `held` with `incoming` added (a set union, in the order they came), as far as `max` allows:
 * adding what is already there changes nothing, and nothing held is ever dropped. `refused` are
 * the new coins past the cap.
 */
export function watchlistUnion(
  held: readonly string[],
  incoming: readonly string[],
  max = WATCHLIST_MAX,
): { coins: string[]; added: string[]; refused: string[] } {
  const have = new Set(held)
  const fresh = [...new Set(incoming)].filter((id) => !have.has(id))
  const room = Math.max(0, max - held.length)
  const added = fresh.slice(0, room)
  return { coins: [...held, ...added], added, refused: fresh.slice(room) }
}

/**
 * What the browser keeps after a merge: its coins the account did not take (the cap), plus any
 * starred meanwhile (`current`, read again after the answer). Cleared only of what is safe.
 */
export function keptAfterMerge(current: readonly string[], merged: readonly string[]): string[] {
  const taken = new Set(merged)
  return current.filter((id) => !taken.has(id))
}

/** `GET /api/market/watchlist`: the prices of some coins, from what the server holds. */
export const WatchPricesQuerySchema = v.strictObject({
  vs_currency: CurrencySchema,
  ids: v.pipe(
    v.string(),
    v.transform((ids) => (ids === '' ? [] : ids.split(','))),
    v.array(CoinIdSchema),
    v.maxLength(WATCHLIST_MAX),
  ),
})

/**
 * Why a watched coin has no price now: it is not among the coins the server keeps prices of and
 * its details could not be fetched within the shared budget (`busy`, `limited`), or the market
 * source cannot be reached (`offline`), or the upstream no longer knows it (`unknown`). A page
 * the server renders reads its caches only: a coin they do not hold is `uncached` there, and the
 * browser asks the API for it.
 */
export const NoPriceReasonSchema = v.picklist(['busy', 'limited', 'offline', 'unknown', 'uncached'])
export type NoPriceReason = v.InferOutput<typeof NoPriceReasonSchema>

const OptionalNumber = v.nullish(v.number())

/** One watched coin's row: its figures, or why there are none. */
export const WatchRowSchema = v.variant('status', [
  v.object({
    status: v.literal('priced'),
    id: CoinIdSchema,
    name: v.string(),
    symbol: v.string(),
    image: v.nullish(v.string()),
    price: OptionalNumber,
    change24h: OptionalNumber,
    marketCap: OptionalNumber,
    meta: DataMetaSchema,
  }),
  v.object({
    status: v.literal('missing'),
    id: CoinIdSchema,
    reason: NoPriceReasonSchema,
    /** When asking again may help, in seconds. */
    retryAfterS: v.number(),
  }),
])
export type WatchRow = v.InferOutput<typeof WatchRowSchema>

export const WatchPricesSchema = v.object({ coins: v.array(WatchRowSchema) })
export type WatchPrices = v.InferOutput<typeof WatchPricesSchema>

/** A list row's figures, as a watched coin's priced row (`meta`: what they are, and when). */
export function pricedRow(
  coin: {
    id: string
    name: string
    symbol: string
    image?: string | null | undefined
    current_price?: number | null | undefined
    price_change_percentage_24h?: number | null | undefined
    market_cap?: number | null | undefined
  },
  meta: DataMeta,
): WatchRow {
  return {
    status: 'priced',
    id: coin.id,
    name: coin.name,
    symbol: coin.symbol,
    image: coin.image,
    price: coin.current_price,
    change24h: coin.price_change_percentage_24h,
    marketCap: coin.market_cap,
    meta,
  }
}
