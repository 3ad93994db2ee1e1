import { CoinIdSchema } from '@contract/coin-id'
import { WATCHLIST_MAX } from '@contract/watchlist'
import { storedList } from '@/lib/storage'

/**
 * A signed-out visitor's watchlist, kept in this browser's localStorage by coin id. Every change
 * reads the list again just before writing it, so two tabs starring different coins keep both;
 * the `storage` event tells the other tabs, whose stars follow.
 */
const list = storedList({
  key: 'coinvera-watchlist',
  field: 'coins',
  item: CoinIdSchema,
  max: WATCHLIST_MAX,
  unique: true,
})

export const readLocal = list.read
export const subscribeLocal = list.subscribe

/** Adds a coin; false when the list is full (`WATCHLIST_MAX`, as an account's). */
export function addLocal(id: string): boolean {
  const coins = readLocal()
  if (coins.includes(id)) return true
  if (coins.length >= WATCHLIST_MAX) return false
  list.write([...coins, id])
  return true
}

export function removeLocal(id: string): void {
  const coins = readLocal()
  if (coins.includes(id)) list.write(coins.filter((coin) => coin !== id))
}

/** Replaces the list (what is left after a merge into the account). */
export function replaceLocal(coins: readonly string[]): void {
  if (coins.join() !== readLocal().join()) list.write(coins)
}
