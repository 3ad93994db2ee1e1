// The /search page's `?q=`, apart from search's schemas: the route's `validateSearch` comes with
// every page's entry, and the rest of search loads on use.
import * as v from 'valibot'

/**
 * A `?q=` as TanStack Router reads it, back as the text typed: the router reads a value that
 * parses as JSON as that JSON (`?q=42` is the number 42, `?q=%2242%22` the text "42").
 */
export function searchParamText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value)
  }
  return undefined
}

/** A `?q=` as it arrives at the server: read as the router reads it, then as `searchParamText`. */
export function searchParamFromUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  try {
    return searchParamText(JSON.parse(raw))
  } catch {
    return raw
  }
}

/** The /search page's search params (`validateSearch`). */
export const SearchPageSchema = v.object({
  q: v.optional(v.pipe(v.unknown(), v.transform(searchParamText))),
})

/**
 * An address's query as TanStack Router writes it, for text values: a text that would read back
 * as JSON (`0.5`, `true`) is written quoted (`%220.5%22`), so the router reads the same text. A
 * server render of an address the router would write otherwise redirects, and renders nothing.
 */
export function routerQuery(params: Record<string, string>): string {
  const quoted = Object.entries(params).map(([name, value]): [string, string] => {
    try {
      JSON.parse(value)
      return [name, JSON.stringify(value)]
    } catch {
      return [name, value]
    }
  })
  return new URLSearchParams(quoted).toString()
}
