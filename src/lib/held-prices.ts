// The rows of some coins from what the server holds (`GET /api/market/watchlist`), as the
// watchlist and the portfolio both show them: each row with its age, no upstream call of its own
// for a coin a list shows.
import type { Currency } from '@contract/currency'
import { WATCHLIST_MAX, WatchPricesSchema, type WatchRow } from '@contract/watchlist'
import { marketApi, parseResponse, requestJson } from '@/lib/http'

/** The coins' rows in `currency`; a request names at most 200 coins, so more are asked in parts. */
export async function fetchHeldPrices(
  currency: Currency,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<{ coins: WatchRow[] }> {
  const parts: string[][] = []
  for (let i = 0; i < ids.length; i += WATCHLIST_MAX) parts.push(ids.slice(i, i + WATCHLIST_MAX))
  const answers = await Promise.all(
    parts.map(async (part) => {
      const searchParams = { vs_currency: currency, ids: part.join(',') }
      const { body } = await requestJson(marketApi, 'watchlist', { searchParams, signal })
      return parseResponse(WatchPricesSchema, body).coins
    }),
  )
  return { coins: answers.flat() }
}

const MINUTE = 60_000

type HeldState = { state: { data: { coins: WatchRow[] } | undefined } }

/** When to ask again: a coin without a price as soon as the server says it may help. */
function nextAsk(data: { coins: WatchRow[] } | undefined): number {
  const waits = (data?.coins ?? []).map((row) =>
    row.status === 'missing' && row.reason !== 'unknown'
      ? Math.max(5, row.retryAfterS) * 1000
      : MINUTE,
  )
  return Math.min(MINUTE, ...waits)
}

/** How long held rows stay fresh, and when a query of them asks again. */
export const heldPricesTiming = {
  // A page rendered from the server's caches only may lack some rows: ask for them at once.
  staleTime: ({ state }: HeldState) =>
    state.data?.coins.some((row) => row.status === 'missing') ? 0 : MINUTE,
  refetchInterval: ({ state }: HeldState) => nextAsk(state.data),
  refetchIntervalInBackground: false,
}
