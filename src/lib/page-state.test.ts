import { dehydrate, hashKey, QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { type DeclaredQuery, pageStateElement, readCarriedPage } from './page-state'

const KEY = ['market', 'things'] as const
const declared = (schema: v.GenericSchema = v.object({ n: v.number() })) => ({
  queryKey: KEY,
  meta: { schema },
})

function block(data: unknown, key: readonly unknown[] = KEY): string {
  const client = new QueryClient()
  client.setQueryData(key, data)
  const element = pageStateElement(dehydrate(client))
  return element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'))
}

/** The page read from `text`, with `query` taken into a new cache. */
function taken(text: string, query: DeclaredQuery = declared()) {
  const page = readCarriedPage(text)
  const client = new QueryClient()
  page?.take(client, query)
  return { page, client }
}

describe('readCarriedPage', () => {
  it('hands a declared query what the server dehydrated', () => {
    const { page, client } = taken(block({ n: 1 }))
    expect(client.getQueryData(KEY)).toEqual({ n: 1 })
    expect(page?.state.queries.map((q) => [q.queryKey, q.state.data])).toEqual([
      [[...KEY], { n: 1 }],
    ])
  })

  it('hands over no data that fails its schema, nor data no declared query names', () => {
    expect(taken(block({ n: 'one' })).client.getQueryData(KEY)).toBeUndefined()
    expect(taken(block({ n: 'one' })).page?.state.queries).toEqual([])
    const other = taken(block({ n: 1 }, ['session']))
    expect(other.client.getQueryData(['session'])).toBeUndefined()
    expect(taken(block({ n: 1 }), { queryKey: KEY, meta: {} }).client.getQueryData(KEY)).toBe(
      undefined,
    )
  })

  it('hands over nothing once the page has settled', () => {
    const page = readCarriedPage(block({ n: 1 }))
    page?.settle()
    const client = new QueryClient()
    page?.take(client, declared())
    expect(client.getQueryData(KEY)).toBeUndefined()
  })

  it('survives a missing, empty or broken block', () => {
    expect(readCarriedPage(undefined)).toBeNull()
    expect(readCarriedPage('')).toBeNull()
    expect(readCarriedPage('{"queries":')).toBeNull()
  })

  it('writes text that cannot end its element, and reads it back unchanged', () => {
    const hostile = '</script><script>alert(1)</script>'
    const text = block({ n: 1, name: hostile })
    expect(text).not.toContain('</script')
    const { client } = taken(text, declared(v.object({ n: v.number(), name: v.string() })))
    expect(client.getQueryData(KEY)).toEqual({ n: 1, name: hostile })
  })

  it('carries why the server had no data for a declared query, and nothing it cannot check', () => {
    const why = { reason: 'offline', seconds: 15 }
    const text = JSON.stringify({
      queries: [],
      mutations: [],
      unavailable: [{ queryHash: hashKey(KEY), ...why }],
    })
    expect(taken(text).page?.state.unavailable).toEqual([{ queryHash: hashKey(KEY), ...why }])
    const forged = [{ queryHash: hashKey(KEY), reason: 'gone fishing', seconds: 15 }]
    const forgedText = JSON.stringify({ queries: [], mutations: [], unavailable: forged })
    expect(taken(forgedText).page?.state.unavailable).toBeUndefined()
  })

  it("says when the page is the server's not-found page", () => {
    const text = JSON.stringify({ queries: [], mutations: [], notFound: true })
    expect(readCarriedPage(text)?.state).toEqual({ queries: [], mutations: [], notFound: true })
    expect(readCarriedPage(JSON.stringify({ queries: [], notFound: 'yes' }))).toBeNull()
  })
})
