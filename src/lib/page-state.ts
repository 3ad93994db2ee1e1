import { type DataTag, type DehydratedState, hashKey, type QueryKey } from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import * as v from 'valibot'
import type { PageUnavailable, Unavailable } from '@contract/page-data'

/**
 * A page rendered by the server with data carries that data as TanStack Query's dehydrated state,
 * in a JSON block the browser never runs (so the CSP needs no hash for it). The client hydrates its
 * query cache from it, and renders this same data while React adopts the server's HTML.
 */
export const PAGE_STATE_ID = 'page-state'

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

/** The schema of a query's data, by its key; undefined for a query no page may carry. */
export type SchemaFor = (queryKey: readonly unknown[]) => v.GenericSchema | undefined

/**
 * The page's dehydrated state, keeping only the queries `schemaFor` knows and whose data passes
 * its schema: data in a page is checked like data from the network. Why a query had no data is
 * kept when `unavailableSchema` is given and passes (only coin pages say it, and bring it).
 */
export function readPageState(
  text: string | null | undefined,
  schemaFor: SchemaFor,
  unavailableSchema?: v.GenericSchema<unknown, PageUnavailable>,
): PageState | null {
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
      unavailable: v.optional(v.unknown()),
      notFound: v.optional(v.literal(true)),
    }),
    json,
  )
  if (!parsed.success) return null
  const queries: DehydratedState['queries'] = []
  for (const value of parsed.output.queries) {
    const query = v.safeParse(DehydratedQuerySchema, value)
    if (!query.success) continue
    const schema = schemaFor(query.output.queryKey)
    if (!schema || query.output.queryHash !== hashKey(query.output.queryKey)) continue
    const data = v.safeParse(schema, query.output.state.data)
    if (!data.success) continue
    const state = { ...query.output.state, data: data.output }
    queries.push({ ...query.output, state } as unknown as DehydratedState['queries'][number])
  }
  const said = parsed.output.unavailable
  const unavailable = unavailableSchema && said ? v.safeParse(unavailableSchema, said) : null
  if (unavailable && !unavailable.success) return null
  const state: PageState = { queries, mutations: [] }
  if (unavailable) state.unavailable = unavailable.output
  if (parsed.output.notFound) state.notFound = true
  return queries.length > 0 || state.unavailable || state.notFound ? state : null
}

export const PageStateContext = createContext<PageState | null>(null)

/**
 * The data a query had when the server rendered this page, or undefined (a prerendered page, or a
 * query the page did not carry). While React hydrates, a section shows exactly this, whatever the
 * cache holds by then, so the first render matches the server's HTML.
 */
export function usePageData<TData, TError>(
  queryKey: DataTag<QueryKey, TData, TError>,
): TData | undefined {
  const state = useContext(PageStateContext)
  if (!state) return undefined
  const hash = hashKey(queryKey)
  // Typed by the key's data tag, as `queryClient.getQueryData` is; readPageState checked it.
  return state.queries.find((query) => query.queryHash === hash)?.state.data as TData | undefined
}

/** Why the server had no data for a query when it rendered this page, or undefined. */
export function usePageUnavailable(queryKey: QueryKey): Unavailable | undefined {
  const hash = hashKey(queryKey)
  return useContext(PageStateContext)?.unavailable?.find((query) => query.queryHash === hash)
}
