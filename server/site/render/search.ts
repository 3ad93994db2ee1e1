// The /search page, rendered with what a search found.
import type { SearchData } from '@contract/search'
import { routerQuery } from '@contract/search-param'
import type { CallGate } from '../../market/budget'
import { type RenderedPage, type RenderKit, spendRender } from './kit'

export function searchPages(kit: RenderKit) {
  return {
    /**
     * The /search page for `q` with what it found, rendered for this request (its results follow
     * the ranks of the moment; a CDN may keep it briefly), within the client's share of renders
     * (`renderGate`); null past it or when rendering failed.
     */
    async getSearch(
      q: string,
      data: SearchData,
      file: string,
      renderGate: CallGate | null,
    ): Promise<RenderedPage | null> {
      if (!spendRender(renderGate)) return null
      const path = `/search?${routerQuery({ q })}`
      // Logged without the visitor's query.
      return kit.renderOrNull(path, file, { search: { q, data } }, { ownHead: true }, '/search')
    },
  }
}
