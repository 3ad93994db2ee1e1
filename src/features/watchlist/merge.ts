import type { QueryClient } from '@tanstack/react-query'
import { keptAfterMerge, WatchlistMergedSchema } from '@contract/watchlist'
import { api, parseResponse, requestJson } from '@/lib/http'
import { readLocal, replaceLocal } from './local'
import { watchlistQueries } from './queries'

/** Merges the browser's list into the account's: the account's list after, and what it refused. */
export async function mergeWatchlist(coins: readonly string[]) {
  const { body } = await requestJson(api, 'api/watchlist', { method: 'post', json: { coins } })
  return parseResponse(WatchlistMergedSchema, body)
}

// Lists sent from this page: one the account refused in full is not sent again and again.
const sent = new Set<string>()

/**
 * Merges the browser's list into the signed-in account's (a set union on the server, so doing
 * it twice, or from two tabs at once, changes nothing), then keeps in the browser only what the
 * account did not take, read again after the answer so a star added meanwhile stays too.
 */
export async function mergeIntoAccount(
  queryClient: QueryClient,
  coins: readonly string[],
): Promise<void> {
  const key = coins.join()
  if (sent.has(key)) return
  sent.add(key)
  try {
    const merged = await mergeWatchlist(coins)
    queryClient.setQueryData(watchlistQueries.account().queryKey, { coins: merged.coins })
    const kept = keptAfterMerge(readLocal(), merged.coins)
    // What is left is what the account just refused: not sent again from this page.
    sent.add(kept.join())
    replaceLocal(kept)
  } catch {
    // Nothing is lost: the browser keeps its list, and the next change of it tries again.
    sent.delete(key)
  }
}
