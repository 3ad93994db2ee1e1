import type { QueryClient } from '@tanstack/react-query'
import { WATCHLIST_MAX, WatchlistSchema } from '@contract/watchlist'
import { withUnit } from '@/lib/format'
import { api, parseResponse, requestJson, toApiError } from '@/lib/http'
import { addLocal, removeLocal } from './local'
import { watchlistQueries } from './queries'

/** Stars (`PUT`) or unstars (`DELETE`) a coin of the account's watchlist; both idempotent. */
export async function changeWatchlist(id: string, watch: boolean): Promise<{ coins: string[] }> {
  const method = watch ? 'put' : 'delete'
  const { body } = await requestJson(api, `api/watchlist/${encodeURIComponent(id)}`, { method })
  return parseResponse(WatchlistSchema, body)
}

// One change at a time, in the order pressed: the last answer is then the account's list.
let queue: Promise<unknown> = Promise.resolve()
let waiting = 0

const FULL = `Your watchlist holds ${WATCHLIST_MAX} coins, the most it can: remove one to add another.`

/**
 * Stars or unstars a coin: in this browser when signed out, else in the account (shown at once,
 * set right by the server's answer). Returns what went wrong, in words, or ''.
 */
export async function changeStar(
  queryClient: QueryClient,
  { signedIn, id, watch }: { signedIn: boolean; id: string; watch: boolean },
): Promise<string> {
  if (!signedIn) {
    if (!watch) removeLocal(id)
    else if (!addLocal(id)) return FULL
    return ''
  }
  const { queryKey } = watchlistQueries.account()
  await queryClient.cancelQueries({ queryKey })
  queryClient.setQueryData(queryKey, (old) => {
    const coins = (old?.coins ?? []).filter((coin) => coin !== id)
    return { coins: watch ? [...coins, id] : coins }
  })
  // A coin the account refused at sign-in is still in the browser's list: unstarred there too.
  if (!watch) removeLocal(id)
  waiting += 1
  const change = queue.then(() => changeWatchlist(id, watch))
  queue = change.catch(() => {})
  try {
    const { coins } = await change
    if (waiting === 1) queryClient.setQueryData(queryKey, { coins })
    return ''
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey })
    return messageFor(await toApiError(error), watch)
  } finally {
    waiting -= 1
  }
}

function messageFor(error: { code: string; retryAfterMs: number | null }, watch: boolean): string {
  if (error.code === 'watchlist_full') return FULL
  if (error.code === 'unauthenticated')
    return 'You are signed out: sign in again to change your watchlist.'
  if (error.code === 'rate_limited') {
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 1000) / 1000))
    return `Too many watchlist changes at once: try again in ${withUnit(seconds, 's')}.`
  }
  return `The coin could not be ${watch ? 'added to' : 'removed from'} your watchlist. Check your connection and try again.`
}
