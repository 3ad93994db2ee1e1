// The sitemap: the build's, with the full list's pages and the current top coins' pages added.
import * as v from 'valibot'
import { CoinIdSchema, coinPath } from '@contract/coin'
import { DEFAULT_CURRENCY } from '@contract/currency'
import { trendingItems } from '@contract/market'
import { sharedCacheControl } from '../../market/cache'
import type { MarketLists } from '../../market/lists'
import type { MarketCaches } from '../../market/service'
import type { Build } from '../manifest'
import { decoder } from './kit'
import { listPath } from './lists'

export function sitemapPage({
  caches,
  lists,
  build,
}: {
  caches: MarketCaches
  lists: MarketLists
  build: Build
}) {
  return {
    /**
     * The build's sitemap with the full list's pages, and the coin pages of the current top coins
     * (the price list's, the trending coins, and those on the list's pages held now) added; null
     * without a built sitemap. It starts no request for the list's pages.
     */
    async sitemap(): Promise<{ body: string; cacheControl: string } | null> {
      const built = build.bodies.get('/sitemap.xml')
      if (!built) return null
      const xml = decoder.decode(built)
      // The run-time SITE_URL's when set (server/site/manifest.ts, `withOrigin`).
      const { origin } = build.manifest
      const served = await Promise.all([caches.markets.usd.get(), caches.trending.get()])
      const [markets, trending] = served
      const ids = new Set([
        ...markets.data.map((c) => c.id),
        ...trendingItems(trending.data).map((c) => c.id),
        ...lists.heldIds(DEFAULT_CURRENCY),
      ])
      // The first page is one of the site's pages, in the built sitemap already.
      const listPages = Array.from({ length: lists.pages - 1 }, (_, i) => listPath(i + 2, 'usd'))
      // A path holds no `<` (percent-encoded); an `&` is escaped for XML.
      const urls = [
        ...listPages.map(
          (path) => `  <url><loc>${origin}${path}</loc><priority>0.6</priority></url>\n`,
        ),
        ...[...ids]
          .filter((id) => v.is(CoinIdSchema, id))
          .map(
            (id) =>
              `  <url><loc>${origin}${coinPath(id).replaceAll('&', '&amp;')}</loc><priority>0.7</priority></url>\n`,
          ),
      ].join('')
      const ttlMs = Math.min(caches.markets.usd.ttlMs, caches.trending.ttlMs)
      return {
        body: xml.replace('</urlset>', () => `${urls}</urlset>`),
        cacheControl: sharedCacheControl(served, ttlMs),
      }
    },
  }
}
