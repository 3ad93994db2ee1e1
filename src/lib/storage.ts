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
