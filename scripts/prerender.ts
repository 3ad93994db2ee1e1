// Renders every route to static HTML after `vite build`, so each page paints before any
// JavaScript runs; the client then hydrates it (src/main.tsx).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'
import { CURRENCIES, CURRENCY_PATHS, CURRENCY_STORAGE_KEY } from '@contract/currency'
import {
  COIN_PAGE_TEMPLATE,
  COIN_TEMPLATE_PATH,
  donePageFile,
  errorPageFile,
  PAGE_DONE,
  PAGE_ERRORS,
  SITE_ROUTES,
} from '@contract/pages'
import {
  firstInHead,
  inlineStylesheet,
  moduleScripts,
  OTHER_PAGES_STYLESHEET,
  prerenderedPage,
  withLoader,
} from '../server/site/html'
import { buildOrigin } from './site-manifest'

const CLIENT_DIR = 'dist/client'
// The server writes the run-time SITE_URL in its place (server/site/manifest.ts, `withOrigin`).
const SITE_URL = buildOrigin()

/**
 * Each indexed page's sitemap priority; the pages themselves are the server's list. The others
 * (recovery, verification, the account, the watchlist) are for one visitor each: `noindex`, not in the sitemap.
 */
const PRIORITY: Partial<Record<(typeof SITE_ROUTES)[number], string>> = {
  '/': '1.0',
  '/crypto': '0.9',
  '/coins': '0.8',
  '/signup': '0.6',
  '/signin': '0.4',
  '/contact': '0.5',
  '/search': '0.3',
}
const PAGES = SITE_ROUTES.map((path) => ({ path, priority: PRIORITY[path] }))
const INDEXED = PAGES.filter((page) => page.priority !== undefined)
const urlOf = (path: string) => (PRIORITY[path as keyof typeof PRIORITY] ? SITE_URL + path : null)
const NOT_FOUND_PATH = '/__not-found__'
const LOADER = fileURLToPath(new URL('../src/boot/loader.ts', import.meta.url))
const CURRENCY_BOOT = fileURLToPath(new URL('../src/boot/currency.ts', import.meta.url))
const OTHER_PAGES_CSS = fileURLToPath(new URL('../src/styles/other-pages.css', import.meta.url))
/**
 * The price lists' pages carry only the stylesheet every page needs; the others carry the rest
 * of the site's CSS too (src/boot/stylesheets.ts).
 */
const LIST_PAGES: readonly string[] = ['/', '/crypto']

function outputFile(path: string): string {
  return path === '/' ? join(CLIENT_DIR, 'index.html') : join(CLIENT_DIR, path, 'index.html')
}

async function write(file: string, content: string) {
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, content)
}

/**
 * The app's scripts are requested once the page is on screen: the inline loader
 * (src/boot/loader.ts) replaces Vite's module script and modulepreload links, and adds them as
 * module scripts after the first paint, in Vite's order (dependencies first). The server allows
 * this inline script by its hash.
 */
async function deferScripts(html: string, stylesheet: string | null): Promise<string> {
  const { entry, preloads } = moduleScripts(html)
  const loader = await compileCall(
    LOADER,
    'startApp',
    `${JSON.stringify(entry)}, ${JSON.stringify(preloads)}, ${JSON.stringify(stylesheet)}`,
  )
  return withLoader(html, loader)
}

/**
 * The remembered currency's check (src/boot/currency.ts), first in the <head>: it must run before
 * anything of the page is parsed. The server allows it by its hash, as the loader.
 */
async function rememberedCurrency(html: string): Promise<string> {
  const script = await compileCall(
    CURRENCY_BOOT,
    'applyRememberedCurrency',
    `${JSON.stringify(CURRENCY_STORAGE_KEY)}, ${JSON.stringify(CURRENCIES)}, ${CURRENCY_PATHS}`,
  )
  return firstInHead(html, script)
}

/** A boot module's function called with `args`, as one minified script (an IIFE). */
async function compileCall(module: string, name: string, args: string): Promise<string> {
  const call = '\0coinvera-boot'
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [
      {
        name: 'coinvera:loader-call',
        resolveId: (id) => (id === call ? id : null),
        load: (id) =>
          id === call
            ? `import { ${name} } from ${JSON.stringify(module)}\n${name}(${args})`
            : null,
      },
    ],
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      rolldownOptions: { input: call, output: { format: 'iife' } },
    },
  })
  const [chunk, ...rest] = outputsOf(output)
  if (chunk?.type !== 'chunk' || rest.length > 0)
    throw new Error(`${name} should build to one script`)
  return chunk.code.trim()
}

const outputsOf = (output: Awaited<ReturnType<typeof build>>) =>
  (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  )

/** A stylesheet and its imports, minified as Vite minifies the app's own. */
async function compileStylesheet(file: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: { write: false, cssMinify: true, rolldownOptions: { input: file } },
  })
  const css = outputsOf(output).flatMap((item) =>
    item.type === 'asset' && item.fileName.endsWith('.css') ? [String(item.source)] : [],
  )
  if (css.length !== 1) throw new Error(`${file} should build to one stylesheet`)
  return (css[0] as string).trim()
}

// The stylesheet is written into the page (a linked one blocks the first paint for one more round
// trip): the server allows it by hash. The favicon stays a file: inline, its 0.35 kB (brotli)
// pushed `/` past the first round trip, and the browser fetches it after the page, then caches it.
const built = await readFile(join(CLIENT_DIR, 'index.html'), 'utf8')
const css = (href: string) => readFileSync(join(CLIENT_DIR, href), 'utf8')
const otherPagesCss = await compileStylesheet(OTHER_PAGES_CSS)
const otherPagesHref = `/assets/other-pages-${createHash('sha256').update(otherPagesCss).digest('base64url').slice(0, 8)}.css`
if (!OTHER_PAGES_STYLESHEET.test(otherPagesHref)) throw new Error(`${otherPagesHref}: a new name`)
await write(join(CLIENT_DIR, otherPagesHref), otherPagesCss)
const templateWith = async (own: (href: string) => string, stylesheet: string | null) =>
  rememberedCurrency(await deferScripts(inlineStylesheet(built, own), stylesheet))
// Every page but the price lists'; after the common CSS, as in development (src/main.tsx).
const template = await templateWith((href) => `${css(href).trim()}${otherPagesCss}`, null)
const listTemplate = await templateWith(css, otherPagesHref)
const { render } = (await import(
  pathToFileURL('dist/prerender/entry-server.js').href
)) as typeof import('../src/entry-server')

for (const { path } of PAGES) {
  const page = LIST_PAGES.includes(path) ? listTemplate : template
  await write(outputFile(path), prerenderedPage(page, await render(path), urlOf(path)))
}
// A form posted without JavaScript comes back as `?error=<code>` or `?done=<code>`: the message
// is in the HTML.
for (const [variants, param, fileOf] of [
  [PAGE_ERRORS, 'error', errorPageFile],
  [PAGE_DONE, 'done', donePageFile],
] as const) {
  for (const [path, codes] of variants) {
    for (const code of codes) {
      const rendered = await render(`${path}?${param}=${code}`)
      await write(
        join(CLIENT_DIR, fileOf(path, code)),
        prerenderedPage(template, rendered, urlOf(path)),
      )
    }
  }
}
// Every coin page starts as this one (skeletons, a generic title), served for any known coin.
await write(
  join(CLIENT_DIR, COIN_PAGE_TEMPLATE),
  prerenderedPage(template, await render(COIN_TEMPLATE_PATH), undefined),
)
// It says what it is in its data block: served for a coin id the market source does not know, it
// is the not-found page in the browser too, though the address matches the coin pages' route.
await write(
  join(CLIENT_DIR, '404.html'),
  prerenderedPage(template, await render(NOT_FOUND_PATH, { notFound: true }), null),
)

await write(
  join(CLIENT_DIR, 'robots.txt'),
  `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`,
)
await write(
  join(CLIENT_DIR, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${INDEXED.map(
    ({ path, priority }) =>
      `  <url><loc>${SITE_URL}${path}</loc><priority>${priority}</priority></url>`,
  ).join('\n')}\n</urlset>\n`,
)
console.info(`Prerendered ${PAGES.length} pages and 404.html for ${SITE_URL}`)
// Query's one-day gcTime timers (and retried build-time fetches) would keep Node alive for a day.
process.exit(0)
