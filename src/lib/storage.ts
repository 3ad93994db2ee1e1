import * as v from 'valibot'
import { listOfValid } from '@contract/list'

/**
 * This browser's localStorage, for every module of the app (the page's first inline script,
 * src/boot/currency.ts, keeps its own few lines to stay import-free). Browsers refuse storage
 * (privacy settings: even reading `window.localStorage` throws) or run out of room: nothing here
 * throws, reads answer null and writes say whether they were kept.
 */
function local(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export const storage = {
  /** Whether the browser lets the site keep anything at all. */
  available: (): boolean => local() !== null,
  read(key: string): string | null {
    try {
      return local()?.getItem(key) ?? null
    } catch {
      return null
    }
  },
  /** Stores `value` (null removes the key); false when the browser refused or is full. */
  write(key: string, value: string | null): boolean {
    const store = local()
    if (!store) return false
    try {
      if (value === null) store.removeItem(key)
      else store.setItem(key, value)
      return true
    } catch {
      return false
    }
  },
}

/** A list kept under one key, shared with this browser's other tabs. */
export interface StoredList<T> {
  /** The stored list, the same array until the stored text changes (a store's snapshot). */
  read(): readonly T[]
  /** Replaces the list (empty removes the key); false when the browser keeps it for this page only. */
  write(items: readonly T[]): boolean
  /** Calls `listener` when this tab or another changes the list. */
  subscribe(listener: () => void): () => void
  /** The empty list: the server's snapshot, where no storage is. */
  readonly none: readonly T[]
}

/**
 * A list stored as `{ [field]: items }` under `key`. Every change is written whole and every
 * read takes the stored text again, so a caller that reads just before writing keeps another
 * tab's changes; the `storage` event tells the other tabs.
 */
export function storedList<S extends v.GenericSchema>({
  key,
  field,
  item,
  max,
  unique = false,
}: {
  key: string
  field: string
  item: S
  max: number
  /** Keeps the first of repeated items. */
  unique?: boolean
}): StoredList<v.InferOutput<S>> {
  type Item = v.InferOutput<S>
  // Checked like any stored data: a bad item among good ones is dropped, the good ones stay.
  const Stored = v.object({ [field]: listOfValid(item) })
  const none: readonly Item[] = []
  // Set only when storage refused the last write (privacy settings, or full): the list then lives
  // as long as the page. Otherwise storage is the truth, also when another tab emptied it.
  let pageOnly: string | null | undefined
  let lastText: string | null = null
  let last = none
  const listeners = new Set<() => void>()

  const parse = (text: string | null): readonly Item[] => {
    if (!text) return none
    try {
      const result = v.safeParse(Stored, JSON.parse(text))
      if (!result.success) return none
      const items: Item[] = result.output[field] ?? []
      return (unique ? [...new Set(items)] : items).slice(0, max)
    } catch {
      return none
    }
  }

  return {
    none,
    read() {
      const text =
        storage.available() && pageOnly === undefined ? storage.read(key) : (pageOnly ?? null)
      if (text !== lastText) {
        lastText = text
        last = parse(text)
      }
      return last
    },
    write(items) {
      const text = items.length > 0 ? JSON.stringify({ [field]: items }) : null
      const kept = storage.write(key, text)
      pageOnly = kept ? undefined : text
      for (const listener of listeners) listener()
      return kept
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        // `key` null: another tab cleared the whole storage.
        if (event.key === key || event.key === null) listener()
      }
      listeners.add(listener)
      window.addEventListener('storage', onStorage)
      return () => {
        listeners.delete(listener)
        window.removeEventListener('storage', onStorage)
      }
    },
  }
}
