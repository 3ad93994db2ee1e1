// Coin search, shared by the site (the dialog, the /search page, the highlighting) and the
// server (the query's validation, the index's folding): valibot only.
import * as v from 'valibot'
import { DataMetaSchema } from './data-meta'

/** Results one search answers with at most. */
export const SEARCH_LIMIT = 10
export const SEARCH_QUERY_MAX = 50

// Control characters (C0, DEL, C1): never typed, and never shown back.
const CONTROL = /\p{Cc}/u

/** What may be searched for: 1 to 50 characters, none a control character, trimmed. */
export const SearchQuerySchema = v.pipe(
  v.string(),
  v.maxLength(SEARCH_QUERY_MAX, `A search is at most ${SEARCH_QUERY_MAX} characters.`),
  v.check((text) => !CONTROL.test(text), 'A search has no control characters.'),
  v.trim(),
  v.nonEmpty('Type something to search for.'),
)

/** `GET /api/search`'s query string: `q`, once, and nothing else. */
export const SearchApiQuerySchema = v.strictObject({ q: SearchQuerySchema })

/** One coin found: `rank` and `image` come from the market lists the server holds, else null. */
export const SearchCoinSchema = v.object({
  id: v.string(),
  name: v.string(),
  symbol: v.string(),
  rank: v.nullable(v.number()),
  image: v.nullable(v.string()),
})
export type SearchCoin = v.InferOutput<typeof SearchCoinSchema>

export const SearchResponseSchema = v.object({
  coins: v.pipe(v.array(SearchCoinSchema), v.maxLength(SEARCH_LIMIT)),
})
export type SearchResponse = v.InferOutput<typeof SearchResponseSchema>

/** What the site's search query holds: the coins, and whether they come from the sample list. */
export const SearchDataSchema = v.object({ ...SearchResponseSchema.entries, meta: DataMetaSchema })
export type SearchData = v.InferOutput<typeof SearchDataSchema>

// Dashes, underscores and white space all separate words alike ("usd-coin", "usd coin").
const SEPARATOR = /[\s_-]/
const MARKS = /\p{M}/gu

/** One character as search compares it: no case, no diacritics, a separator as a space. */
export const foldChar = (char: string): string =>
  SEPARATOR.test(char) ? ' ' : char.normalize('NFKD').replace(MARKS, '').toLowerCase()

/**
 * Text as search compares it: `foldChar` on every character, runs of spaces as one, trimmed
 * ("Ēthereum  Classic" → "ethereum classic").
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim()
}
