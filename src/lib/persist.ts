import {
  type AsyncStorage,
  experimental_createQueryPersister,
  type PersistedQuery,
} from '@tanstack/query-persist-client-core'
import {
  hashKey,
  notifyManager,
  type QueryClient,
  type QueryKey,
  type QueryPersister,
  type QueryState,
} from '@tanstack/react-query'
import * as v from 'valibot'
import { storage } from './storage'

const DAY_MS = 24 * 60 * 60 * 1000

const PREFIX = 'coinvera'

export type BrowserStorage = AsyncStorage<string>

/** localStorage, or none when the browser refuses it (the site works, revisits start empty). */
export function browserStorage(): BrowserStorage | undefined {
  if (!storage.available()) return undefined
  return {
    getItem: (key) => storage.read(key),
    // Storage full or refused: this visit works, the next one starts empty.
    setItem: (key, value) => void storage.write(key, value),
    removeItem: (key) => void storage.write(key, null),
  }
}

/** What the persister reads back of a stored query: its data and when it was fetched. */
const StoredQuerySchema = v.object({
  buster: v.string(),
  queryHash: v.string(),
  queryKey: v.array(v.unknown()),
  state: v.object({ data: v.unknown(), dataUpdatedAt: v.number(), errorUpdatedAt: v.number() }),
})

/**
 * Reads a stored query, its data through the same schema as a network answer. A wrong shape
 * throws: the persister then removes the entry and fetches instead.
 */
function restore(schema: v.GenericSchema, text: string): PersistedQuery {
  const { state, ...entry } = v.parse(StoredQuerySchema, JSON.parse(text))
  const restored: QueryState = {
    data: v.parse(schema, state.data),
    dataUpdateCount: 1,
    dataUpdatedAt: state.dataUpdatedAt,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: state.errorUpdatedAt,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success',
    fetchStatus: 'idle',
  }
  return { ...entry, state: restored }
}

/**
 * Keeps the data of the queries under `queryKey` (each list in every currency under one prefix)
 * in `storage` for a day: written each time a fetch succeeds, read back (through `schema`) when
 * the query first runs on a later visit, then refreshed at once, as every page load refreshes.
 * The buster is computed by the build from the code that shapes the data (vite.config.ts), so a
 * release that changes it starts afresh.
 *
 * One query default per prefix, not per key: every observer and cache read matches its key
 * against each registered default, and a default per currency (51 keys) took 3.5 ms of
 * start-up on `/coins` (14 ms at 4× CPU) in those comparisons alone.
 */
export function persistQueryData(
  queryClient: QueryClient,
  queryKey: QueryKey,
  schema: v.GenericSchema,
  storage: BrowserStorage | undefined,
): () => Promise<void> {
  // Per query, not the whole cache: each list is written the moment it arrives (also before the
  // page hydrated), only a success overwrites it, and nothing else (sessions, mutations and the
  // passwords in their variables) can ever reach storage.
  const { persisterFn, persistQueryByKey } = experimental_createQueryPersister({
    storage,
    buster: __STORAGE_BUSTER__,
    maxAge: DAY_MS,
    prefix: PREFIX,
    deserialize: (text) => restore(schema, text),
    // Its own refetch leaves a failure unhandled (an uncaught rejection): see below instead.
    refetchOnRestore: false,
  })
  const persister: QueryPersister = async (queryFn, context, query) => {
    let fetched = false
    const data = await persisterFn(
      (ctx) => {
        fetched = true
        return queryFn(ctx)
      },
      context,
      query,
    )
    // Restored: mark it stale once the restore has settled (the persister sets the stored time in
    // a task of its own), so the query refetches now if observed, else when first observed.
    if (!fetched) {
      notifyManager.schedule(() => {
        void context.client.invalidateQueries({ queryKey: query.queryKey, exact: true })
      })
    }
    return data
  }
  queryClient.setQueryDefaults(queryKey, { persister })

  /**
   * A page rendered by the server arrives with its data, which the persister never sees (it
   * writes what a fetch brings, and restores only into an empty query). Of the page's data and
   * the stored, the newer wins: in the cache, and in storage for the next visit.
   */
  return async function syncWithPage(): Promise<void> {
    const queries = queryClient.getQueryCache().findAll({ queryKey })
    await Promise.all(
      queries.map(async ({ queryKey: key, state: page }) => {
        if (page.data === undefined) return
        const stored = await readStored(key)
        if (stored && stored.state.dataUpdatedAt > page.dataUpdatedAt) {
          const { data, dataUpdatedAt } = stored.state
          queryClient.setQueryData(key, data, { updatedAt: dataUpdatedAt })
        } else {
          await persistQueryByKey(key, queryClient)
        }
      }),
    )
  }

  async function readStored(key: QueryKey): Promise<PersistedQuery | null> {
    const text = await storage?.getItem(`${PREFIX}-${hashKey(key)}`)
    if (!text) return null
    try {
      const stored = restore(schema, text)
      const usable =
        stored.buster === __STORAGE_BUSTER__ && Date.now() - stored.state.dataUpdatedAt <= DAY_MS
      return usable ? stored : null
    } catch {
      return null // The persister removes it when it next reads it.
    }
  }
}
