import type { Context } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../context'
import { CONVERTER_DEFAULTS, ConvertQuerySchema } from '@contract/converter'
import { searchParamFromUrl } from '@contract/search-param'
import { type ConverterDeps, convertUnits } from '../market/converter'
import type { ClientGate } from './market'
import type { PageRenderer } from '../site/pages'
import type { SearchPage } from './search'

/** The address's own `from`, `to` and `amount`, as given (for the page to say what is wrong). */
function rawSearch(c: Context<AppEnv>): Record<string, string> {
  const search: Record<string, string> = {}
  for (const name of ['from', 'to', 'amount']) {
    const value = searchParamFromUrl(c.req.query(name))
    if (value !== undefined) search[name] = value.slice(0, 200)
  }
  return search
}

/** The /converter page's answer, shaped as the search page's (server/routes/site.ts sends it). */
export type ConverterPage = SearchPage

/**
 * `/converter?from=&to=&amount=` rendered with its answer, for visitors without JavaScript and
 * before the app starts: from what the server holds (no upstream call), within the client's share
 * of renders; past it, or for an address the form could not have sent, the prerendered page,
 * whose app says what is wrong or asks the API.
 */
export function converterPage(
  deps: ConverterDeps & { pages: PageRenderer; renderGate: ClientGate | null },
): ConverterPage {
  return async (c, file) => {
    // Read as the app's router reads the address: `?amount=0.5` and `?amount=%220.5%22` alike.
    const param = (name: string) => searchParamFromUrl(c.req.query(name))?.trim()
    const query = v.safeParse(ConvertQuerySchema, {
      from: param('from') || CONVERTER_DEFAULTS.from,
      to: param('to') || CONVERTER_DEFAULTS.to,
      amount: param('amount')?.replace(/,/g, '') || CONVERTER_DEFAULTS.amount,
    })
    const gate = deps.renderGate?.(c) ?? null
    // An address the form could not have sent: the page says what is wrong, with no answer.
    if (!query.success) {
      const page = await deps.pages.getConverter(rawSearch(c), null, file, gate)
      return { status: 400, rendered: page && { page, cacheControl: 'no-store' } }
    }
    const converter = { query: query.output, data: convertUnits(query.output, deps) }
    const page = await deps.pages.getConverter(query.output, converter, file, gate)
    return { status: 200, rendered: page && { page, cacheControl: 'no-store' } }
  }
}
