import { type Context, Hono, type Next } from 'hono'
import { etag, RETAINED_304_HEADERS } from 'hono/etag'
import { serveStatic } from 'hono/serve-static'
import * as v from 'valibot'
import { ChartRangeSchema, CoinIdSchema } from '@contract/coin'
import { type Currency, CurrencyParamSchema, DEFAULT_CURRENCY } from '@contract/currency'
import { listPageOf } from '@contract/list-page'
import { TOKEN_PATTERN } from '@contract/token'
import {
  COIN_PAGE_TEMPLATE,
  donePageFile,
  errorPageFile,
  MARKET_LIST_ROUTE,
  PAGE_DONE,
  PAGE_ERRORS,
  SITE_ROUTES,
  TOKEN_PAGES,
} from '@contract/pages'
import type { AppEnv } from '../context'
import type { ClientGate } from './market'
import type { SearchPage } from './search'
import type { ConverterPage } from './converter'
import { apiError } from '../errors'
import { allowOnly } from '../middleware/methods'
import { weakEtag } from '../site/bodies'
import { withFormToken } from '../site/html'
import type { Build, InlineHashes, SiteFile } from '../site/manifest'
import {
  DATA_PAGES,
  PERSONAL_CACHE_CONTROL,
  type PageRenderer,
  type Personal,
  type RenderedPage,
} from '../site/pages'
import type { AccountDetails } from '@contract/account-details'
import type { WatchRow } from '@contract/watchlist'
import { safeReturnPath } from '@contract/return-to'

/** The Content-Security-Policy of a page that carries these inline elements. */
type PolicyFor = (hashes: InlineHashes) => string

// Matched on the decoded path (Hono's): `/coins/1move%20token` is the coin `1move token`.
const COIN_PATH = /^\/coins\/([^/]+)$/

const onlyRead = allowOnly('GET', 'HEAD')

/** What a page is answered with: a render (null: the built file) and its `Cache-Control`. */
type Served = { page: RenderedPage | null; cacheControl: string }

/** The address's `?currency=`: an unknown one is the default, as the site reads it too. */
const currencyOf = (param: string | undefined) =>
  v.parse(CurrencyParamSchema, param) ?? DEFAULT_CURRENCY

/** Whether the upstream knows a coin (server/market/coins.ts, `CoinIds.has`). */
export type CoinExists = (id: string) => Promise<boolean>

// Vite puts content-hashed files under /assets: a changed file gets a new name, so cache forever.
function cacheControl(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (path.endsWith('.html')) return 'no-cache'
  return 'public, max-age=3600'
}

/**
 * A page's HTML: its own prerendered file when the build made one (`crypto/index.html` or
 * `crypto.html`, or the variant for a known `?error=` or `?done=` code), else the app shell,
 * which renders any route in the browser.
 */
function pageFile(
  built: (path: string) => boolean,
  route: string,
  query: { error?: string | undefined; done?: string | undefined },
): string {
  const { error, done } = query
  const variant =
    (error && PAGE_ERRORS.get(route)?.includes(error) && errorPageFile(route, error)) ||
    (done && PAGE_DONE.get(route)?.includes(done) && donePageFile(route, done))
  if (variant && built(variant)) return variant
  if (route === '/') return '/index.html'
  return [`${route}/index.html`, `${route}.html`].find(built) ?? '/index.html'
}

export type SiteRoutesDeps = {
  build: Build | null
  policyFor: PolicyFor
  /** Pages rendered with market data; null: every page as prerendered. */
  pages?: PageRenderer | null
  coinExists?: CoinExists | null
  /** A client's share of upstream calls, which coin pages' data misses spend. */
  clientGate?: ClientGate | null
  /** A client's share of renders: coin pages, and pages rendered for one request. */
  renderGate?: ClientGate | null
  /**
   * A signed-in visitor's watchlist (its stars on every page), and its rows in a currency from
   * the server's caches alone (`/watchlist`): no upstream call for one visitor's page.
   */
  watchlist?: {
    coinsOf: (accountId: string) => Promise<string[]>
    cachedRows: (ids: readonly string[], currency: Currency) => Promise<WatchRow[]>
  } | null
  /** The /search page's answer for its `?q=` (routes/search.ts). */
  searchPage?: SearchPage | null
  /** The /converter page's answer for its `?from=&to=&amount=` (routes/converter.ts). */
  converterPage?: ConverterPage | null
  /** A signed-in visitor's details, for `/account` (routes/account.ts answers the same). */
  accountOf?: ((accountId: string) => Promise<AccountDetails | null>) | null
}

/**
 * Whether a sign-in or sign-up page's address holds what its prerendered file cannot: where to
 * go back to (`?return=`), or the note of a sign-out made without JavaScript (`?signed_out`).
 */
function needsOwnRender(route: string, c: Context<AppEnv>): boolean {
  if (route !== '/signin' && route !== '/signup') return false
  return safeReturnPath(c.req.query('return')) !== null || c.req.query('signed_out') !== undefined
}

/**
 * The built site (server/site/manifest.ts): only the files its manifest lists are served, by
 * Hono's serveStatic, in the brotli or gzip copy the build made when the client takes one, each
 * page with exactly its own inline hashes in its CSP. HTML files are pages, served at their
 * page's address only. Without a build, pages answer 503.
 */
export function siteRoutes(deps: SiteRoutesDeps) {
  const { build, policyFor } = deps
  const pages = deps.pages ?? null
  const coinExists = deps.coinExists ?? null
  const clientGate = deps.clientGate ?? null
  const renderGate = deps.renderGate ?? null
  const watchlist = deps.watchlist ?? null
  const searchPage = deps.searchPage ?? null
  const converterPage = deps.converterPage ?? null
  const accountOf = deps.accountOf ?? null
  const site = new Hono<AppEnv>()
  const routes = new Set<string>(SITE_ROUTES)
  const files = new Map<string, SiteFile>(Object.entries(build?.manifest.files ?? {}))
  const built = (path: string) => files.has(path)
  // A page's own file, by its name, redirects to the page (`/index.html` to `/`).
  const pageOfFile = new Map<string, string>()
  for (const route of SITE_ROUTES) {
    const names = route === '/' ? ['/index.html'] : [`${route}/index.html`, `${route}.html`]
    for (const name of names.filter(built)) pageOfFile.set(name, route)
  }
  const getContent = async (path: string) => build?.bodies.get(path) ?? null
  // A page's policy depends on its file alone: built once, not per request.
  const policies = new Map<string, string>()
  const policyOf = (path: string, inline: InlineHashes) => {
    let policy = policies.get(path)
    if (policy === undefined) {
      policy = policyFor(inline)
      policies.set(path, policy)
    }
    return policy
  }

  /**
   * A built file, or a page rendered in its place (`rendered`), or the file with another
   * `Cache-Control` (`rendered` without a page).
   */
  function send(
    c: Context<AppEnv>,
    next: Next,
    path: string,
    status: 200 | 400 | 404 | 429 | 503,
    served?: Served,
  ) {
    const file = files.get(path) as SiteFile
    const rendered = served?.page
    c.status(status)
    c.header('Cache-Control', served?.cacheControl ?? cacheControl(path))
    c.header('ETag', rendered?.etag ?? file.etag)
    // The page's inline CSS and loader, allowed by hash in its own policy.
    if (file.inline) c.header('Content-Security-Policy', policyOf(path, file.inline))
    // Told the path, so the file sent is the one chosen here, never a path from the request.
    return serveStatic({
      root: '/',
      path,
      precompressed: true,
      getContent: rendered ? async (name) => rendered.bodies.get(name) ?? null : getContent,
      // serveStatic names Accept-Encoding only when it sends a compressed copy; a cache must
      // know that the plain body depended on it too.
      onFound: () => {
        if (rendered || file.encodings.length > 0) c.header('Vary', 'Accept-Encoding')
      },
    })(c, next)
  }

  // Revalidation by the build's ETag. A 304 keeps the page's own CSP: a browser updates the
  // stored page's headers from it, and the default policy would block the page's inline code.
  site.use(etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'content-security-policy'] }))
  // The sitemap names the current top coins' pages (server/site/pages.ts), else as built.
  site.get('/sitemap.xml', async (c, next) => {
    const sitemap = await pages?.sitemap()
    if (!sitemap) return next()
    return c.body(sitemap.body, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': sitemap.cacheControl,
    })
  })
  site.get('*', async (c, next) => {
    const path = c.req.path
    if (built(path) && !path.endsWith('.html')) return send(c, next, path, 200)
    // The build's HTML is never served under its own name: a page's file is that page, and
    // the rest (the not-found page, the coin template, the forms' error variants) is not found.
    const page = pageOfFile.get(path)
    if (page !== undefined) return c.redirect(page, 301)
    // A missing hashed file is a stale chunk after a deploy: answer fast and small, never with
    // HTML the browser would try to run as a script.
    if (path.startsWith('/assets/')) throw apiError('not_found')
    if (path.length > 1 && path.endsWith('/') && routes.has(path.slice(0, -1))) {
      return c.redirect(path.slice(0, -1), 301)
    }
    // A coin page: the template for a coin the upstream knows, else the not-found page (404).
    // A signed-in visitor's pages are rendered for them (their name in the header, their stars).
    const viewer = pages ? await personalOf(c, path) : null
    const coinId = COIN_PATH.exec(path)?.[1]
    if (coinId !== undefined) {
      const known = await knownCoin(coinId)
      const file = known && built(COIN_PAGE_TEMPLATE) ? COIN_PAGE_TEMPLATE : '/404.html'
      // Rendered with the coin's data when there is some to be had (server/site/pages.ts).
      const range = v.parse(ChartRangeSchema, c.req.query('range'))
      const currency = currencyOf(c.req.query('currency'))
      const rendered =
        known && pages && file === COIN_PAGE_TEMPLATE
          ? await pages.getCoin(coinId, { range, currency }, file, {
              gates: clientGate ? [clientGate(c)] : [],
              renderGate: renderGate?.(c) ?? null,
              viewer,
            })
          : null
      if (rendered?.unavailable) {
        c.header('Retry-After', String(rendered.unavailable.retryAfterS))
        return send(c, next, file, rendered.unavailable.status, rendered)
      }
      if (built(file)) {
        const status = known ? 200 : 404
        if (viewer && !rendered) {
          return send(c, next, file, status, await ownRender(c, file, { currency, viewer }))
        }
        return send(c, next, file, status, rendered ?? undefined)
      }
    }
    const wanted = routes.has(path)
      ? pageFile(built, path, { error: c.req.query('error'), done: c.req.query('done') })
      : '/404.html'
    const file = built(wanted) ? wanted : '/index.html'
    if (!built(file)) {
      throw apiError('service_unavailable', {
        message: 'The site has not been built yet: run `npm run build`.',
      })
    }
    // Opened from an emailed link: the address holds a token, which no other site may read in a
    // Referer; without the page's script, its form gets the token from here.
    if (TOKEN_PAGES.includes(path)) {
      c.header('Referrer-Policy', 'no-referrer')
      const token = c.req.query('token')
      if (token !== undefined && TOKEN_PATTERN.test(token) && file === wanted) {
        const html = new TextDecoder().decode(build?.bodies.get(file))
        const body = new TextEncoder().encode(withFormToken(html, token))
        const page = { file, etag: weakEtag(body), bodies: new Map([[file, body]]) }
        return send(c, next, file, 200, { page, cacheControl: 'no-store' })
      }
    }
    const perRequest =
      path === '/search' ? searchPage : path === '/converter' ? converterPage : null
    if (perRequest && file === wanted) {
      const answer = await perRequest(c, file)
      if (answer.retryAfterS) c.header('Retry-After', String(answer.retryAfterS))
      return send(c, next, file, answer.status, answer.rendered ?? undefined)
    }
    const currency = currencyOf(c.req.query('currency'))
    const status = routes.has(path) ? 200 : 404
    // A page of the full list: rendered with its page of data, not found past the list's end. A
    // signed-in visitor's is rendered for them; past their share of renders, the page everyone
    // gets, still private.
    if (path === MARKET_LIST_ROUTE && pages && file === wanted) {
      const listPage = listPageOf(c.req.query('page'))
      const gates = clientGate ? [clientGate(c)] : []
      const list =
        (viewer &&
          (await pages.getList(listPage, currency, file, {
            gates,
            renderGate: renderGate?.(c) ?? null,
            viewer,
          }))) ||
        (await pages.getList(listPage, currency, file, {
          gates,
          renderGate: renderGate?.(c) ?? null,
        }))
      if (list === 'not_found') return send(c, next, '/404.html', 404)
      if (list?.unavailable) {
        c.header('Retry-After', String(list.unavailable.retryAfterS))
        return send(c, next, file, list.unavailable.status, list)
      }
      if (viewer && list?.cacheControl !== PERSONAL_CACHE_CONTROL) {
        return send(c, next, file, 200, {
          page: list?.page ?? null,
          cacheControl: PERSONAL_CACHE_CONTROL,
        })
      }
      return send(c, next, file, 200, list ?? undefined)
    }
    if (viewer && pages && file === wanted && path in DATA_PAGES) {
      // Past the client's share of renders, the page everyone gets, still private.
      const own = (await allowed(c)) ? await pages.get(path, file, currency, viewer) : null
      const rendered = own ?? (await pages.get(path, file, currency))
      const page = rendered?.page ?? null
      return send(c, next, file, status, { page, cacheControl: PERSONAL_CACHE_CONTROL })
    }
    if (viewer || (routes.has(path) && needsOwnRender(path, c))) {
      return send(c, next, file, status, await ownRender(c, file, { currency, viewer }))
    }
    // A page that shows market data is rendered with it (server/site/pages.ts), else prerendered.
    const rendered = pages && file === wanted ? await pages.get(path, file, currency) : null
    return send(c, next, file, status, rendered ?? undefined)
  })
  // Pages and files are only read: another method on one is told which methods it takes.
  site.all('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !(await isServed(c.req.path))) {
      return next()
    }
    return onlyRead(c, next)
  })

  /**
   * The request's signed-in user and their watchlist (with its rows on `/watchlist`); a database
   * that cannot say serves the anonymous page.
   */
  async function personalOf(c: Context<AppEnv>, path: string): Promise<Personal | null> {
    const viewer = await c.var.viewer.user().catch(() => null)
    if (!viewer) return null
    // The account page shows its details without its script too; without them, the script asks.
    const account = path === '/account' ? await accountOf?.(viewer.id).catch(() => null) : null
    const own: Personal = account ? { viewer, account } : { viewer }
    if (!watchlist) return own
    try {
      const coins = await watchlist.coinsOf(viewer.id)
      if (path !== '/watchlist') return { ...own, watchlist: { coins } }
      const rows = await watchlist.cachedRows(coins, currencyOf(c.req.query('currency')))
      return { ...own, watchlist: { coins, rows } }
    } catch {
      // Without its list the page still shows who is signed in; the browser asks for the list.
      return own
    }
  }

  /** Within the client's share of renders (each one-request render costs this instance CPU). */
  async function allowed(c: Context<AppEnv>): Promise<boolean> {
    const gate = renderGate?.(c)
    if (!gate) return true
    if (gate.waitMs() > 0) return false
    gate.spend()
    return true
  }

  /**
   * `file`'s page rendered for this request (the address as asked, with its query), or, past the
   * client's share of renders or when rendering fails, the file as built: for a signed-in visitor
   * still marked private, and their script then shows who is signed in.
   */
  async function ownRender(
    c: Context<AppEnv>,
    file: string,
    { currency, viewer }: { currency: Currency; viewer: Personal | null },
  ): Promise<Served | undefined> {
    const url = new URL(c.req.url)
    const rendered =
      pages && (await allowed(c))
        ? await pages.personal(url.pathname + url.search, file, { currency, ...viewer })
        : null
    if (rendered) return rendered
    return viewer ? { page: null, cacheControl: PERSONAL_CACHE_CONTROL } : undefined
  }

  async function knownCoin(id: string): Promise<boolean> {
    return v.is(CoinIdSchema, id) && coinExists !== null && (await coinExists(id))
  }

  /** Whether a GET of `path` finds a page or a file (not the not-found page). */
  async function isServed(path: string): Promise<boolean> {
    if (routes.has(path) || (built(path) && !path.endsWith('.html'))) return true
    const coinId = COIN_PATH.exec(path)?.[1]
    return coinId !== undefined && (await knownCoin(coinId))
  }

  return site
}
