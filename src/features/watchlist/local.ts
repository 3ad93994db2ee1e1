import * as v from 'valibot'
import { CoinIdSchema } from '@contract/coin-id'
import { listOfValid } from '@contract/list'
import { WATCHLIST_MAX } from '@contract/watchlist'
import { storage } from '@/lib/storage'

/**
 * A signed-out visitor's watchlist, kept in this browser's localStorage by coin id. Every change
 * reads the list again just before writing it, so two tabs starring different coins keep both;
 * the `storage` event tells the other tabs, whose stars follow.
 */
const KEY = 'coinvera-watchlist'

// Checked like any stored data: a bad id among good ones is dropped, the good ones stay.
const StoredSchema = v.object({ coins: listOfValid(CoinIdSchema) })

const NONE: readonly string[] = []

// Set only when storage refused the last write (privacy settings, or full): the list then lives
// as long as the page. Otherwise storage is the truth, also when another tab emptied it.
let pageOnly: string | null | undefined
let lastText: string | null = null
let last: readonly string[] = NONE
const listeners = new Set<() => void>()

function parse(text: string | null): readonly string[] {
  if (!text) return NONE
  try {
    const result = v.safeParse(StoredSchema, JSON.parse(text))
    return result.success ? [...new Set(result.output.coins)].slice(0, WATCHLIST_MAX) : NONE
  } catch {
    return NONE
  }
}

/** The stored list, the same array until the stored text changes (a store's snapshot). */
export function readLocal(): readonly string[] {
  const text =
    storage.available() && pageOnly === undefined ? storage.read(KEY) : (pageOnly ?? null)
  if (text !== lastText) {
    lastText = text
    last = parse(text)
  }
  return last
}

function write(coins: readonly string[]): void {
  const text = coins.length > 0 ? JSON.stringify({ coins }) : null
  pageOnly = storage.write(KEY, text) ? undefined : text
  for (const listener of listeners) listener()
}

/** Adds a coin; false when the list is full (`WATCHLIST_MAX`, as an account's). */
export function addLocal(id: string): boolean {
  const coins = readLocal()
  if (coins.includes(id)) return true
  if (coins.length >= WATCHLIST_MAX) return false
  write([...coins, id])
  return true
}

export function removeLocal(id: string): void {
  const coins = readLocal()
  if (coins.includes(id)) write(coins.filter((coin) => coin !== id))
}

/** Replaces the list (what is left after a merge into the account). */
export function replaceLocal(coins: readonly string[]): void {
  if (coins.join() !== readLocal().join()) write(coins)
}

/** Calls `listener` when this tab or another changes the list. */
export function subscribeLocal(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key` null: another tab cleared the whole storage.
    if (event.key === KEY || event.key === null) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}
