import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import * as v from 'valibot'
import type { DataSource } from '../../src/lib/data-meta'
import {
  type MarketsData,
  MarketsResponseSchema,
  type TrendingData,
  TrendingResponseSchema,
  trendingItems,
} from '../../src/features/market/schemas'
import type { Logger } from '../logger'
import { type Served, sharedCacheControl } from '../market/cache'
import type { MarketCaches } from '../market/service'
import type { Build } from './manifest'

/** What the build of src/entry-server.tsx exports (dist/prerender/entry-server.js). */
export type Render = (
  path: string,
  lists: { markets?: MarketsData; trending?: TrendingData },
) => Promise<{ head: string; app: string; state: string | null }>

/** A page rendered with market data: its bodies (plain, `.br`, `.gz`) under the file's path. */
export type RenderedPage = {
  file: string
  etag: string
  bodies: Map<string, Uint8Array<ArrayBuffer>>
}

/** The pages that show market data, and which lists each shows. */
export const DATA_PAGES: Record<string, readonly (keyof MarketCaches)[]> = {
  '/': ['markets', 'trending'],
  '/crypto': ['markets'],
}

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

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const decoder = new TextDecoder()

// Once per change of the data, so the best levels cost little: 20-40 ms for a page of ~40 kB.
const compressions = [
  [
    '.br',
    (body: Uint8Array) =>
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  ],
  ['.gz', (body: Uint8Array) => gzipAsync(body, { level: constants.Z_BEST_COMPRESSION })],
] as const

/** A list's data as the site's query holds it, from what the cache serves. */
function listData<T>(
  served: Served,
  parse: (json: unknown) => T,
): { coins: T; meta: MarketsData['meta'] } {
  // Fresh from the upstream or from the cache is the same data: one render, labelled `cache`.
  const source: DataSource = served.source === 'live' ? 'cache' : served.source
  return {
    coins: parse(JSON.parse(decoder.decode(served.body))),
    meta: { source, updatedAt: served.updatedAt.toISOString() },
  }
}

/** The page's data version: it changes when a list's data, or what it is (stale, sample), does. */
const versionOf = (served: Served[]) =>
  served
    .map((s) => `${s.source === 'live' ? 'cache' : s.source}@${s.updatedAt.getTime()}`)
    .join('|')

/**
 * Server rendering of the pages that show market data, at most once per change of that data:
 * the cached render is served until a list the page shows changes (new data, or fresh data
 * turning stale), and requests that arrive during a render share it. The prerendered page is the
 * template (its head, inline style and loader, so its CSP hashes hold) and the fallback: a
 * failed render is logged, and the page is served prerendered, with skeletons, until the data
 * changes again.
 */
export function createPageRenderer(deps: {
  render: Render
  caches: MarketCaches
  build: Build
  logger: Logger
}) {
  const { render, caches, build, logger } = deps
  const renders = new Map<string, { version: string; page: Promise<RenderedPage | null> }>()

  async function renderPage(route: string, file: string, served: Served[]): Promise<RenderedPage> {
    const template = build.bodies.get(file)
    if (!template) throw new Error(`${file} is not in the build`)
    const html = decoder.decode(template)
    const open = html.indexOf('<div id="root">')
    const close = html.lastIndexOf('</div>')
    if (open < 0 || close < open) throw new Error(`${file} has no #root element`)
    const lists = DATA_PAGES[route] ?? []
    const data: Parameters<Render>[1] = {}
    lists.forEach((name, index) => {
      const s = served[index] as Served
      if (name === 'markets')
        data.markets = listData(s, (json) => v.parse(MarketsResponseSchema, json))
      else
        data.trending = listData(s, (json) => trendingItems(v.parse(TrendingResponseSchema, json)))
    })
    // The head is the template's: the same for any data (the pages' titles name no price).
    const { app, state } = await render(route, data)
    const page = new TextEncoder().encode(
      `${html.slice(0, open)}<div id="root">${app}</div>${state ?? ''}${html.slice(close + '</div>'.length)}`,
    )
    const bodies = new Map([[file, page]])
    for (const [suffix, compress] of compressions) {
      bodies.set(file + suffix, new Uint8Array(await compress(page)))
    }
    const etag = `W/"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`
    return { file, etag, bodies }
  }

  return {
    /**
     * The page at `route` rendered with the data the cache serves now, and the `Cache-Control`
     * that data allows; null for a page without market data or when rendering failed.
     */
    async get(
      route: string,
      file: string,
    ): Promise<{ page: RenderedPage; cacheControl: string } | null> {
      const lists = DATA_PAGES[route]
      if (!lists) return null
      const served = await Promise.all(lists.map((name) => caches[name].getFresh()))
      const version = versionOf(served)
      let current = renders.get(route)
      if (current?.version !== version) {
        const page = renderPage(route, file, served).catch((error: unknown) => {
          logger.error({ route, err: error }, 'page render failed; serving the prerendered page')
          return null
        })
        current = { version, page }
        renders.set(route, current)
      }
      const page = await current.page
      if (!page) return null
      const ttlMs = Math.min(...lists.map((name) => caches[name].ttlMs))
      return { page, cacheControl: sharedCacheControl(served, ttlMs) }
    },
  }
}

export type PageRenderer = ReturnType<typeof createPageRenderer>
