import { dehydrate, hashKey, QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { PageUnavailableSchema } from '@contract/page-data'
import { pageStateElement, readPageState } from './page-state'

const KEY = ['market', 'things'] as const
const schemaFor = (schema: v.GenericSchema) => (key: readonly unknown[]) =>
  hashKey(key) === hashKey(KEY) ? schema : undefined
const SCHEMAS = schemaFor(v.object({ n: v.number() }))

function block(data: unknown, key: readonly unknown[] = KEY): string {
  const client = new QueryClient()
  client.setQueryData(key, data)
  const element = pageStateElement(dehydrate(client))
  return element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'))
}

describe('readPageState', () => {
  it('reads back what the server dehydrated', () => {
    const state = readPageState(block({ n: 1 }), SCHEMAS)
    expect(state?.queries.map((q) => [q.queryKey, q.state.data])).toEqual([[[...KEY], { n: 1 }]])
  })

  it('keeps no query whose data fails its schema, or that no schema names', () => {
    expect(readPageState(block({ n: 'one' }), SCHEMAS)).toBeNull()
    expect(readPageState(block({ n: 1 }, ['session']), SCHEMAS)).toBeNull()
  })

  it('survives a missing, empty or broken block', () => {
    expect(readPageState(undefined, SCHEMAS)).toBeNull()
    expect(readPageState('', SCHEMAS)).toBeNull()
    expect(readPageState('{"queries":', SCHEMAS)).toBeNull()
  })

  it('writes text that cannot end its element, and reads it back unchanged', () => {
    const hostile = '</script><script>alert(1)</script>'
    const text = block({ n: 1, name: hostile })
    expect(text).not.toContain('</script')
    const schemas = schemaFor(v.object({ n: v.number(), name: v.string() }))
    expect(readPageState(text, schemas)?.queries[0]?.state.data).toEqual({ n: 1, name: hostile })
  })

  it('carries why the server had no data for a query, and nothing it cannot check', () => {
    const why = { reason: 'offline', seconds: 15 }
    const text = JSON.stringify({
      queries: [],
      mutations: [],
      unavailable: [{ queryHash: hashKey(KEY), ...why }],
    })
    expect(readPageState(text, SCHEMAS, PageUnavailableSchema)?.unavailable).toEqual([
      { queryHash: hashKey(KEY), ...why },
    ])
    // Only a page that brings the schema (a coin page) reads it.
    expect(readPageState(text, SCHEMAS)).toBeNull()
    const forged = [{ queryHash: hashKey(KEY), reason: 'gone fishing', seconds: 15 }]
    const forgedText = JSON.stringify({ queries: [], mutations: [], unavailable: forged })
    expect(readPageState(forgedText, SCHEMAS, PageUnavailableSchema)).toBeNull()
  })

  it("says when the page is the server's not-found page", () => {
    const text = JSON.stringify({ queries: [], mutations: [], notFound: true })
    expect(readPageState(text, SCHEMAS)).toEqual({ queries: [], mutations: [], notFound: true })
    expect(readPageState(JSON.stringify({ queries: [], notFound: 'yes' }), SCHEMAS)).toBeNull()
  })
})
