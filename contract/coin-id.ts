// A coin's id alone, apart from the coin schemas (coin.ts): pages that only name coins (the
// watchlist's stars) need no more of the contract.
import * as v from 'valibot'

/** The longest coin id accepted: CoinGecko's run to some 70 characters. */
export const MAX_COIN_ID_LENGTH = 100

/**
 * A string that can be a coin's id. Whether it is one, the upstream's coin list says: its ids are
 * mostly `[a-z0-9-]`, but not all (`hive_dollar`, `1move token`, `boringdao-[old]`, `_`), so no
 * pattern decides. Refused: what no list should hold, control characters (a path or log line must
 * not carry them) and the path segments `.` and `..` (a URL would resolve them away).
 */
export const CoinIdSchema = v.pipe(
  v.string(),
  v.minLength(1, 'not a coin id'),
  v.maxLength(MAX_COIN_ID_LENGTH, 'longer than a coin id'),
  v.regex(/^\P{Cc}+$/u, 'a control character in a coin id'),
  v.check((id) => id !== '.' && id !== '..', 'a path segment as a coin id'),
)
export type CoinId = v.InferOutput<typeof CoinIdSchema>

/** A coin as a menu or a search names it: `coins/list`'s entries, the converter's coins. */
export const NamedCoinSchema = v.object({
  id: CoinIdSchema,
  symbol: v.string(),
  name: v.string(),
})
export type NamedCoin = v.InferOutput<typeof NamedCoinSchema>

/**
 * A coin page's path as the router writes its links, encoded as `new URL` encodes a path:
 * `/coins/1move%20token`, `/coins/boringdao-[old]`. What would end or split the segment is
 * percent-encoded first.
 */
export const coinPath = (id: string) =>
  new URL(`/coins/${id.replace(/[%/?#\\]/g, encodeURIComponent)}`, 'http://localhost').pathname
