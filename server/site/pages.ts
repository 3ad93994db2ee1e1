// Server rendering of the pages that show market data, at most once per change of that data:
// the cached render is served until a list the page shows changes (new data, or fresh data
// turning stale), and requests that arrive during a render share it. The prerendered page is the
// template (its head, inline style and loader, so its CSP hashes hold) and the fallback: a
// failed render is logged, and the page is served prerendered, with skeletons, until the data
// changes again. Each kind of page has its module in ./render/.
import type { Logger } from '../logger'
import type { CoinPages } from '../market/coins'
import type { MarketFacts } from '../market/facts'
import type { MarketLists } from '../market/lists'
import type { MarketCaches } from '../market/service'
import type { Build } from './manifest'
import { coinPages } from './render/coin'
import { byteBoundedStore, createRenderKit, type Render } from './render/kit'
import { listPages } from './render/lists'
import { searchPages } from './render/search'
import { converterPages } from './render/converter'
import { type PortfolioOf, signedInPages } from './render/signed-in'
import { sitemapPage } from './render/sitemap'

export {
  loadRender,
  PERSONAL_CACHE_CONTROL,
  type Personal,
  type Render,
  type RenderedPage,
  type RenderStats,
} from './render/kit'
export { DATA_PAGES } from './render/lists'
export type { PortfolioOf } from './render/signed-in'

export function createPageRenderer(deps: {
  render: Render
  caches: MarketCaches
  coins: CoinPages
  lists: MarketLists
  facts: MarketFacts
  build: Build
  logger: Logger
  /** Bytes of coin-page renders kept at most (`COIN_RENDER_CACHE_MB`). */
  coinRenderBytes: number
  /** On `/portfolio`, the signed-in visitor's holdings (server/routes/portfolio.ts). */
  portfolio?: PortfolioOf | null
}) {
  const kit = createRenderKit(deps)
  // One per coin, range and currency, and per page of the full list and currency, bounded in
  // bytes: sample data alone makes 504 coin keys.
  const coinRenders = byteBoundedStore(deps.coinRenderBytes)
  return {
    /** The coin renders kept now. */
    coinRenderStats: () => coinRenders.stats(),
    ...sitemapPage(deps),
    ...listPages(kit, { ...deps, coinRenders }),
    ...coinPages(kit, { ...deps, coinRenders }),
    ...searchPages(kit),
    ...converterPages(kit),
    ...signedInPages(kit, deps),
  }
}

export type PageRenderer = ReturnType<typeof createPageRenderer>
