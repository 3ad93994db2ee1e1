import { PORTFOLIO_MAX, TransactionSchema } from '@contract/portfolio'
import { storedList } from '@/lib/storage'

/**
 * A signed-out visitor's transactions, kept in this browser's localStorage. Each change reads
 * the list again just before writing it, so two tabs keep each other's; the `storage` event
 * tells the other tabs.
 */
const list = storedList({
  key: 'coinvera-portfolio',
  field: 'transactions',
  item: TransactionSchema,
  max: PORTFOLIO_MAX,
})

export const readLocal = list.read
/** Replaces the stored list; false when the browser keeps it for this page only. */
export const writeLocal = list.write
export const subscribeLocal = list.subscribe
export const serverSnapshot = () => list.none
