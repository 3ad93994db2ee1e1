import * as v from 'valibot'
import { listOfValid } from '@contract/list'
import { PORTFOLIO_MAX, type Transaction, TransactionSchema } from '@contract/portfolio'
import { storage } from '@/lib/storage'

/**
 * A signed-out visitor's transactions, kept in this browser's localStorage. Each change reads
 * the list again just before writing it, so two tabs keep each other's; the `storage` event
 * tells the other tabs.
 */
const KEY = 'coinvera-portfolio'

// Checked like any stored data: a bad transaction among good ones is dropped.
const StoredSchema = v.object({ transactions: listOfValid(TransactionSchema) })

const NONE: readonly Transaction[] = []

let lastText: string | null = null
let last: readonly Transaction[] = NONE
// Set only when storage refused the last write: the list then lives as long as the page.
let pageOnly: string | null | undefined
const listeners = new Set<() => void>()

function parse(text: string | null): readonly Transaction[] {
  if (!text) return NONE
  try {
    const result = v.safeParse(StoredSchema, JSON.parse(text))
    return result.success ? result.output.transactions.slice(0, PORTFOLIO_MAX) : NONE
  } catch {
    return NONE
  }
}

/** The stored transactions, the same array until the stored text changes (a store's snapshot). */
export function readLocal(): readonly Transaction[] {
  const text =
    storage.available() && pageOnly === undefined ? storage.read(KEY) : (pageOnly ?? null)
  if (text !== lastText) {
    lastText = text
    last = parse(text)
  }
  return last
}

/** Replaces the stored list; false when the browser keeps it for this page only. */
export function writeLocal(transactions: readonly Transaction[]): boolean {
  const text = transactions.length > 0 ? JSON.stringify({ transactions }) : null
  const kept = storage.write(KEY, text)
  pageOnly = kept ? undefined : text
  for (const listener of listeners) listener()
  return kept
}

/** Calls `listener` when this tab or another changes the list. */
export function subscribeLocal(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export const serverSnapshot = () => NONE
