import {
  type DehydratedState,
  hashKey,
  hydrate,
  type QueryClient,
  type QueryKey,
  type QueryMeta,
} from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import * as v from 'valibot'
import {
  type PageData,
  type PageUnavailable,
  type Unavailable,
  UnavailableSchema,
} from '@contract/page-data'

/**
 * A page rendered by the server with data carries that data as TanStack Query's dehydrated state,
 * in a JSON block the browser never runs (so the CSP needs no hash for it). The client hydrates its
 * query cache from it, and renders this same data while React adopts the server's HTML.
 */
export const PAGE_STATE_ID = 'page-state'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The schema of the query's data: a page that carries the query's data is checked by it,
       * like data from the network.
       */
      schema?: v.GenericSchema
      /**
       * The query's answer in the data the server gathered for a page, or why it has none: the
       * server's render puts it in the cache as a route declares the query (src/entry-server.tsx).
       */
      onPage?: (page: PageData) => PageAnswer | undefined
    }
  }
}

/** A query's data on a server-rendered page, with when it was fetched, or why there is none. */
export type PageAnswer = { data: unknown; updatedAt?: number } | { unavailable: Unavailable }

/**
 * Market data as the page carries it, dated when the upstream sent it: the browser refreshes it
 * once it is as old as its staleTime, not a staleTime after the render.
 */
export const fetchedAnswer = (data: { meta: { updatedAt: string | null } }): PageAnswer => ({
  data,
  updatedAt: Date.parse(data.meta.updatedAt ?? '') || Date.now(),
})

/** Why the server had no data, as the page carries it (`reason` and `seconds` alone). */
export const unavailableAnswer = ({ reason, seconds }: Unavailable): PageAnswer => ({
  unavailable: { reason, seconds },
})

/**
 * What a page carries: the queries' data (TanStack Query's dehydrated state), for a query the
 * server had no data for, why (by query hash), and whether the page is the server's not-found page.
 */
export type PageState = DehydratedState & { unavailable?: PageUnavailable; notFound?: true }

/** The `<script type="application/json">` element for a page's state. */
export function pageStateElement(state: PageState): string {
  // `<` escaped, so no text in the data (a coin named `</script>`) can end the element early.
  const json = JSON.stringify(state).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script>`
}

const DehydratedQuerySchema = v.looseObject({
  queryKey: v.array(v.unknown()),
  queryHash: v.string(),
  state: v.looseObject({
    data: v.unknown(),
    dataUpdatedAt: v.number(),
    status: v.literal('success'),
  }),
})

type DehydratedQuery = DehydratedState['queries'][number]

/** A query as a route declares it: its key, and its data's schema in its `meta`. */
export type DeclaredQuery = { queryKey: QueryKey; meta?: QueryMeta | undefined }

/**
 * The state a server-rendered page carries, taken query by query as the page's route declares its
 * queries (src/router.ts): each query's data is checked against the schema its options carry and
 * put in the cache, so the data a page may carry is whatever its route shows, and each page's
 * schemas come with that page's code.
 */
export type CarriedPage = {
  /** What has been taken so far: what the page renders while React adopts the server's HTML. */
  readonly state: PageState
  /** Puts the page's data for `query` in the cache, if it carries data that passes its schema. */
  take(queryClient: QueryClient, query: DeclaredQuery): void
  /** Resolves once the page's data is settled in the cache (`settle`). */
  readonly settled: Promise<void>
  /** Ends taking: later navigations show what the cache and the network have. */
  settle(): void
}

/**
 * The page's dehydrated state (structurally checked; each query's data is checked when taken), or
 * null without one, or with one that is not a page's state.
 */
export function readCarriedPage(text: string | null | undefined): CarriedPage | null {
  if (!text) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = v.safeParse(
    v.object({
      queries: v.array(v.unknown()),
      unavailable: v.optional(v.array(v.looseObject({ queryHash: v.string() }))),
      notFound: v.optional(v.literal(true)),
    }),
    json,
  )
  if (!parsed.success) return null
  const carried = new Map<string, DehydratedQuery>()
  for (const value of parsed.output.queries) {
    const query = v.safeParse(DehydratedQuerySchema, value)
    if (!query.success || query.output.queryHash !== hashKey(query.output.queryKey)) continue
    // Its data is still unchecked: only `take` hands it on, checked.
    carried.set(query.output.queryHash, query.output as unknown as DehydratedQuery)
  }
  const unexplained = new Map(parsed.output.unavailable?.map((why) => [why.queryHash, why]))
  const state: PageState = { queries: [], mutations: [] }
  if (parsed.output.notFound) state.notFound = true
  let settle = () => {}
  const settled = new Promise<void>((resolve) => {
    settle = resolve
  })
  return {
    state,
    take(queryClient, { queryKey, meta }) {
      const hash = hashKey(queryKey)
      const query = carried.get(hash)
      const why = unexplained.get(hash)
      carried.delete(hash)
      unexplained.delete(hash)
      const data = query && meta?.schema ? v.safeParse(meta.schema, query.state.data) : null
      if (query && data?.success) {
        const checked = { ...query, state: { ...query.state, data: data.output } }
        state.queries.push(checked)
        hydrate(queryClient, { queries: [checked], mutations: [] })
      }
      const reason = why ? v.safeParse(UnavailableSchema, why) : null
      if (reason?.success) {
        state.unavailable = [...(state.unavailable ?? []), { queryHash: hash, ...reason.output }]
      }
    },
    settled,
    settle() {
      carried.clear()
      unexplained.clear()
      settle()
    },
  }
}

export const PageStateContext = createContext<PageState | null>(null)

/**
 * The data a query had when the server rendered this page, or undefined (a prerendered page, or a
 * query the page did not carry): checked by the query's schema when taken. Read through
 * `usePageQuery` (src/components/hydrated.ts), which shows it while the part hydrates.
 */
export function usePageData(queryKey: QueryKey): unknown {
  const state = useContext(PageStateContext)
  if (!state) return undefined
  const hash = hashKey(queryKey)
  return state.queries.find((query) => query.queryHash === hash)?.state.data
}

/** Why the server had no data for a query when it rendered this page, or undefined. */
export function usePageUnavailable(queryKey: QueryKey): Unavailable | undefined {
  const hash = hashKey(queryKey)
  return useContext(PageStateContext)?.unavailable?.find((query) => query.queryHash === hash)
}
