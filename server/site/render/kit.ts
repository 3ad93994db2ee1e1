// What every kind of rendered page shares: rendering a path into its template, keeping renders
// per data version, and the answers for pages that have no data or belong to one visitor.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { DataSource } from '@contract/data-meta'
import type { MarketsData } from '@contract/market'
import type { PageData, Unavailable } from '@contract/page-data'
import { LRUCache } from 'lru-cache'
import type { Logger } from '../../logger'
import type { CallGate } from '../../market/budget'
import {
  type DataStamp,
  type NoDataError,
  type Served,
  sharedCacheControl,
} from '../../market/cache'
import { compressedCopies, weakEtag } from '../bodies'
import { OTHER_PAGES_STYLESHEET, renderedPage, withStylesheetLink } from '../html'
import type { Build } from '../manifest'

type Meta = MarketsData['meta']

/** What the build of src/entry-server.tsx exports (dist/prerender/entry-server.js). */
export type Render = (
  path: string,
  data: PageData,
) => Promise<{ html: string; state: string | null }>

/** A page rendered with market data: its bodies (plain, `.br`, `.gz`) under the file's path. */
export type RenderedPage = {
  file: string
  etag: string
  bodies: Map<string, Uint8Array<ArrayBuffer>>
}

/** A page rendered for one signed-in visitor: stored by no cache, shared or the browser's. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store'

/** What a page rendered for a signed-in visitor holds of them: who they are, their watchlist. */
export type Personal = Required<Pick<PageData, 'viewer'>> & Pick<PageData, 'watchlist' | 'account'>

/** A render answered: the page, its `Cache-Control`, and why it has no data when it has none. */
export type Rendered = {
  page: RenderedPage
  cacheControl: string
  /** A page that says why it has no data: its status, and when asking again may help. */
  unavailable?: { status: 429 | 503; retryAfterS: number }
}

/** How a page is put into its template: a coin's or a list page's own head, its canonical query. */
export type PageOptions = { ownHead: boolean; canonicalQuery?: string }

/**
 * The route renderer the build made, beside the client's folder (`dist/prerender` next to
 * `dist/client`), or null without one: pages are then served as prerendered, with skeletons.
 */
export async function loadRender(clientDir: string): Promise<Render | null> {
  const entry = join(clientDir, '..', 'prerender', 'entry-server.js')
  if (!existsSync(entry)) return null
  const module = (await import(pathToFileURL(entry).href)) as { render?: Render }
  return typeof module.render === 'function' ? module.render : null
}

export const decoder = new TextDecoder()

/** What served data is, as the site's queries say it. */
export function metaOf(served: DataStamp & Pick<Served, 'conversion'>): Meta {
  // Fresh from the upstream or from the cache is the same data: one render, labelled `cache`.
  const source: DataSource = served.source === 'live' ? 'cache' : served.source
  const meta: Meta = { source, updatedAt: served.updatedAt.toISOString() }
  if (served.conversion) meta.conversion = served.conversion
  return meta
}

/** What the cache serves, as the site's query holds it (`pick`), with what it is. */
export function parsed<T, U>(served: Served<T>, pick: (data: T) => U): { data: U; meta: Meta } {
  return { data: pick(served.data), meta: metaOf(served) }
}

export type RenderEntry = { version: string; page: Promise<RenderedPage | null> }

/** Where renders are kept: one per key, with the data version it was rendered for. */
export type RenderStore = {
  get(key: string): RenderEntry | undefined
  set(key: string, entry: RenderEntry): void
}

/** The coin renders kept, for the health check's detail. */
export type RenderStats = { pages: number; bytes: number; maxBytes: number; rendering: number }

/**
 * The coin pages' renders, bounded in bytes: a finished render weighs its bodies (plain, brotli
 * and gzip), and past `maxBytes` the least recently asked for
 * goes. Renders still running are held apart, so every weight in the LRU is a known one.
 */
export function byteBoundedStore(maxBytes: number): RenderStore & { stats(): RenderStats } {
  const done = new LRUCache<string, RenderEntry>({ maxSize: maxBytes })
  const running = new Map<string, RenderEntry>()
  return {
    get: (key) => running.get(key) ?? done.get(key),
    set(key, entry) {
      running.set(key, entry)
      void entry.page.then((page) => {
        // A render for newer data started meanwhile: that one is kept instead.
        if (running.get(key) !== entry) return
        running.delete(key)
        let bytes = key.length
        for (const body of page?.bodies.values() ?? []) bytes += body.byteLength
        done.set(key, entry, { size: bytes })
      })
    },
    stats: () => ({
      pages: done.size,
      bytes: done.calculatedSize,
      maxBytes,
      rendering: running.size,
    }),
  }
}

/**
 * The page's data version: it changes when a list's data, or what it is (stale, sample), does,
 * and when data the page was rendered without (null) arrives.
 */
export const versionOf = (served: (DataStamp | null)[]) =>
  served
    .map((s) => (s ? `${s.source === 'live' ? 'cache' : s.source}@${s.updatedAt.getTime()}` : '-'))
    .join('|')

/** Spends one of the client's renders from `gate`: false when its share is spent. */
export function spendRender(gate: CallGate | null): boolean {
  if (!gate) return true
  if (gate.waitMs() > 0) return false
  gate.spend()
  return true
}

// What each reason is to the visitor (src/features/coin/components/unavailable-note.tsx).
const REASONS: Record<NoDataError['reason'], Unavailable['reason'] | null> = {
  busy: 'busy',
  limited: 'limited',
  failed: 'offline',
  not_found: null,
}

export type KitDeps = { render: Render; build: Build; logger: Logger }

/** The rendering every kind of page uses, bound to the build and the route renderer. */
export function createRenderKit({ render, build, logger }: KitDeps) {
  // The stylesheet a list page links after its first paint (its template's loader names it).
  const otherPages =
    Object.keys(build.manifest.files).find((name) => OTHER_PAGES_STYLESHEET.test(name)) ?? null

  const failed = (page: string) => (error: unknown) => {
    logger.error({ page, err: error }, 'page render failed; serving the prerendered page')
    return null
  }

  /** `path` rendered with `data` into `file`, the prerendered page that is its template. */
  async function renderPage(
    path: string,
    file: string,
    data: PageData,
    options: PageOptions,
  ): Promise<RenderedPage> {
    const template = build.bodies.get(file)
    if (!template) throw new Error(`${file} is not in the build`)
    const prerendered = decoder.decode(template)
    // The lists' pages keep the template's head (their titles name no price); a coin's names it.
    let html = renderedPage(prerendered, await render(path, data), options)
    // A list page for a signed-in visitor: its header's styles are not in the list pages' own
    // CSS, so the stylesheet with them comes before the first paint (cached after the first).
    if (data.viewer && otherPages && prerendered.includes(otherPages)) {
      html = withStylesheetLink(html, otherPages)
    }
    const page = new TextEncoder().encode(html)
    const bodies = new Map([[file, page]])
    for (const [suffix, copy] of await compressedCopies(page)) bodies.set(file + suffix, copy)
    return { file, etag: weakEtag(page), bodies }
  }

  return {
    renderPage,

    /** `renderPage`, logged under `page` and null when it fails. */
    renderOrNull: (
      path: string,
      file: string,
      data: PageData,
      options: PageOptions,
      page: string = path,
    ) => renderPage(path, file, data, options).catch(failed(page)),

    /**
     * The render kept for `version`, or a new one (a failure is kept too, until the data
     * changes). A new render first passes `gate`, the client's share of renders: refused, null.
     */
    renderedFor(
      store: RenderStore,
      key: string,
      version: string,
      start: () => Promise<RenderedPage>,
      gate: CallGate | null = null,
    ): Promise<RenderedPage | null> | null {
      let current = store.get(key)
      if (current?.version !== version) {
        if (!spendRender(gate)) return null
        current = { version, page: start().catch(failed(key)) }
        store.set(key, current)
      }
      return current.page
    },

    /** A shared render, with the `Cache-Control` its data allows. */
    async answer(
      page: Promise<RenderedPage | null> | null,
      served: DataStamp[],
      ttlMs: number,
    ): Promise<Rendered | null> {
      const done = await page
      return done ? { page: done, cacheControl: sharedCacheControl(served, ttlMs) } : null
    },

    /**
     * A page that has no data now, saying why and when to try again (`data`, given why):
     * rendered for this request (its countdown is this moment's, and `limited` is this client's
     * alone, so neither is kept nor shared: `no-store`), within the client's share of renders.
     */
    async unavailablePage(
      path: string,
      file: string,
      error: NoDataError,
      renderGate: CallGate | null,
      data: (why: Unavailable) => PageData,
      viewer: Personal | null = null,
    ): Promise<Rendered | null> {
      const reason = REASONS[error.reason]
      if (!reason) return null
      if (!spendRender(renderGate)) return null
      const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000))
      const pageData = { ...data({ reason, seconds }), ...viewer }
      // A coin known by name heads the page and its tab with it; anything else keeps the template's.
      const ownHead = Boolean(pageData.coinUnavailable?.name)
      const page = await renderPage(path, file, pageData, { ownHead }).catch(failed(path))
      if (!page) return null
      const status = reason === 'limited' ? 429 : 503
      const cacheControl = viewer ? PERSONAL_CACHE_CONTROL : 'no-store'
      return { page, cacheControl, unavailable: { status, retryAfterS: seconds } }
    },

    /**
     * A render for one request: a signed-in visitor's page holds their name (and their
     * watchlist), so it is kept in no cache, and no shared cache may keep it (`private,
     * no-store`: neither a CDN nor, after signing out, the browser's back button shows it again).
     */
    async personal(
      path: string,
      file: string,
      data: PageData,
      options: PageOptions = { ownHead: false },
    ): Promise<Rendered | null> {
      const page = await renderPage(path, file, data, options).catch(failed(path))
      if (!page) return null
      return { page, cacheControl: data.viewer ? PERSONAL_CACHE_CONTROL : 'no-cache' }
    },
  }
}

export type RenderKit = ReturnType<typeof createRenderKit>
