// The /converter page, rendered with its answer.
import type { ConvertAnswer, ConvertQuery } from '@contract/converter'
import { routerQuery } from '@contract/search-param'
import type { CallGate } from '../../market/budget'
import { type RenderedPage, type RenderKit, spendRender } from './kit'

export function converterPages(kit: RenderKit) {
  return {
    /**
     * The /converter page for the address's `search` with its answer (none for an address the
     * form could not have sent), rendered for this request (its figures
     * follow the prices of the moment), within the client's share of renders (`renderGate`);
     * null past it or when rendering failed.
     */
    async getConverter(
      search: Record<string, string>,
      converter: { query: ConvertQuery; data: ConvertAnswer } | null,
      file: string,
      renderGate: CallGate | null,
    ): Promise<RenderedPage | null> {
      if (!spendRender(renderGate)) return null
      const path = `/converter?${routerQuery(search)}`
      const data = converter ? { converter } : {}
      return kit.renderOrNull(path, file, data, { ownHead: false }, '/converter')
    },
  }
}
