// Pages without market data rendered for one request: a signed-in visitor's, or an address the
// prerendered page cannot carry (the sign-in form's `?return=`).
import type { Currency } from '@contract/currency'
import { type PageData, pageCurrency } from '@contract/page-data'
import type { Rendered, RenderKit } from './kit'

/** A signed-in visitor's portfolio in a currency, priced from the server's caches alone. */
export type PortfolioOf = (
  accountId: string,
  currency: Currency,
) => Promise<NonNullable<PageData['portfolio']>>

export function signedInPages(kit: RenderKit, deps: { portfolio?: PortfolioOf | null } = {}) {
  return {
    /**
     * A page without market data (or whose data is missing now) rendered for this request alone:
     * for a signed-in `data.viewer`, or an address the prerendered page cannot carry (the sign-in
     * form's `?return=`). `path` is the address with its query, as the router reads it. On
     * `/portfolio` it holds the viewer's holdings; without them (a database that cannot say), the
     * page's script asks.
     */
    personal: async (path: string, file: string, data: PageData): Promise<Rendered | null> => {
      const { viewer } = data
      if (viewer && deps.portfolio && new URL(path, 'http://page').pathname === '/portfolio') {
        const portfolio = await deps.portfolio(viewer.id, pageCurrency(data)).catch(() => undefined)
        if (portfolio) return kit.personal(path, file, { ...data, portfolio })
      }
      return kit.personal(path, file, data)
    },
  }
}
