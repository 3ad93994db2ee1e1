// A coin's id alone, apart from the coin schemas (coin.ts): pages that only name coins (the
// watchlist's stars) need no more of the contract.
import * as v from 'valibot'

/** CoinGecko's coin ids: lower-case letters, digits and hyphens, at most 100 characters. */
export const COIN_ID_PATTERN = /^[a-z0-9-]{1,100}$/

export const CoinIdSchema = v.pipe(v.string(), v.regex(COIN_ID_PATTERN, 'not a coin id'))
export type CoinId = v.InferOutput<typeof CoinIdSchema>
