// Renders every route to static HTML after `vite build`, so each page paints before any
// JavaScript runs; the client then hydrates it (src/main.tsx).
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'
import type { RenderedPage } from '../src/entry-server'
import { CURRENCIES, CURRENCY_PATHS, CURRENCY_STORAGE_KEY } from '@contract/currency'
import {
  COIN_PAGE_TEMPLATE,
  COIN_TEMPLATE_PATH,
  errorPageFile,
  PAGE_ERRORS,
  SITE_ROUTES,
} from '@contract/pages'
import { buildOrigin } from './site-manifest'

const CLIENT_DIR = 'dist/client'
// The server writes the run-time SITE_URL in its place (server/site/manifest.ts, `withOrigin`).
const SITE_URL = buildOrigin()

/** Each page's sitemap priority; the pages themselves are the server's list. */
const PRIORITY: Record<(typeof SITE_ROUTES)[number], string> = {
  '/': '1.0',
  '/crypto': '0.9',
  '/signup': '0.6',
  '/signin': '0.4',
  '/contact': '0.5',
}
const PAGES = SITE_ROUTES.map((path) => ({ path, priority: PRIORITY[path] }))
const NOT_FOUND_PATH = '/__not-found__'
const LOADER = fileURLToPath(new URL('../src/boot/loader.ts', import.meta.url))
const CURRENCY_BOOT = fileURLToPath(new URL('../src/boot/currency.ts', import.meta.url))

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** `url`: the page's canonical address; null: not to be indexed; undefined: neither is said. */
function socialTags(head: string, url: string | null | undefined): string {
  const title = head.match(/<title>([^<]*)<\/title>/)?.[1] ?? 'Coinvera'
  const description = head.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? ''
  const tags = [
    '<meta property="og:site_name" content="Coinvera"/>',
    '<meta property="og:type" content="website"/>',
    `<meta property="og:title" content="${title}"/>`,
    `<meta property="og:description" content="${description}"/>`,
    '<meta name="twitter:card" content="summary"/>',
    `<meta name="twitter:title" content="${title}"/>`,
    `<meta name="twitter:description" content="${description}"/>`,
  ]
  if (url) {
    tags.push(`<meta property="og:url" content="${escapeAttr(url)}"/>`)
    tags.push(`<link rel="canonical" href="${escapeAttr(url)}"/>`)
  } else if (url === null) {
    tags.push('<meta name="robots" content="noindex"/>')
  }
  return tags.join('')
}

function page(
  template: string,
  { head, app: body }: RenderedPage,
  url: string | null | undefined,
): string {
  if (!head.includes('<title>')) throw new Error(`a prerendered page has no <title>: ${url}`)
  const withHead = template.replace(/<title>[^<]*<\/title>/, head + socialTags(head, url))
  if (!withHead.includes('<!--app-html-->')) throw new Error('index.html lost its <!--app-html-->')
  return withHead.replace('<!--app-html-->', body)
}

function outputFile(path: string): string {
  return path === '/' ? join(CLIENT_DIR, 'index.html') : join(CLIENT_DIR, path, 'index.html')
}

async function write(file: string, content: string) {
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, content)
}

/**
 * The stylesheet Vite linked, written into the page instead: a linked stylesheet blocks the first
 * paint for one more round trip, and the whole site's CSS is a few kB compressed. The server
 * allows this <style> by the hash the build records (scripts/site-manifest.ts).
 */
async function inlineStylesheet(html: string): Promise<string> {
  const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? []
  if (links.length !== 1)
    throw new Error(`index.html should link one stylesheet, not ${links.length}`)
  const link = links[0] as string
  const href = link.match(/href="\/([^"]+)"/)?.[1]
  if (!href) throw new Error(`no href in ${link}`)
  const css = (await readFile(join(CLIENT_DIR, href), 'utf8')).trim()
  if (css.includes('</style')) throw new Error(`${href} would end its <style> element early`)
  return html.replace(link, () => `<style>${css}</style>`)
}

/**
 * The app's scripts are requested once the page is on screen: the inline loader
 * (src/boot/loader.ts) replaces Vite's module script and modulepreload links, and adds them as
 * module scripts after the first paint, in Vite's order (dependencies first). The server allows
 * this inline script by its hash.
 */
async function deferScripts(html: string): Promise<string> {
  const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)]
  if (entries.length !== 1)
    throw new Error(`index.html should have one module script, not ${entries.length}`)
  const [entryTag, entry] = entries[0] as RegExpMatchArray
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
  const loader = await compileCall(
    LOADER,
    'startApp',
    `${JSON.stringify(entry)}, ${JSON.stringify(preloads.map((m) => m[1] as string))}`,
  )
  if (loader.includes('</script')) throw new Error('the loader would end its <script> early')
  let out = html.replace(entryTag, () => `<script>${loader}</script>`)
  for (const [tag] of preloads) out = out.replace(tag, '')
  if (/<script [^>]*src=|<link rel="modulepreload"/.test(out))
    throw new Error('a script is still fetched before the first paint')
  return out
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
  if (script.includes('</script'))
    throw new Error('the currency check would end its <script> early')
  const charset = '<meta charset="UTF-8" />'
  if (!html.includes(charset)) throw new Error('index.html lost its charset')
  return html.replace(charset, () => `${charset}<script>${script}</script>`)
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
  const [chunk, ...rest] = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  )
  if (chunk?.type !== 'chunk' || rest.length > 0)
    throw new Error(`${name} should build to one script`)
  return chunk.code.trim()
}

/** The favicon as a data: URL, one request fewer before the first paint. */
async function inlineFavicon(html: string): Promise<string> {
  const link = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />'
  if (!html.includes(link)) throw new Error('index.html lost its favicon link')
  const svg = (await readFile(join(CLIENT_DIR, 'favicon.svg'), 'utf8')).trim()
  return html.replace(
    link,
    () =>
      `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}" type="image/svg+xml" />`,
  )
}

const template = await rememberedCurrency(
  await deferScripts(
    await inlineFavicon(
      await inlineStylesheet(await readFile(join(CLIENT_DIR, 'index.html'), 'utf8')),
    ),
  ),
)
const { render } = (await import(
  pathToFileURL('dist/prerender/entry-server.js').href
)) as typeof import('../src/entry-server')

for (const { path } of PAGES) {
  await write(outputFile(path), page(template, await render(path), SITE_URL + path))
}
// A form posted without JavaScript comes back as `?error=<code>`: the message is in the HTML.
for (const [path, codes] of PAGE_ERRORS) {
  for (const code of codes) {
    const rendered = await render(`${path}?error=${code}`)
    await write(
      join(CLIENT_DIR, errorPageFile(path, code)),
      page(template, rendered, SITE_URL + path),
    )
  }
}
// Every coin page starts as this one (skeletons, a generic title), served for any known coin.
await write(
  join(CLIENT_DIR, COIN_PAGE_TEMPLATE),
  page(template, await render(COIN_TEMPLATE_PATH), undefined),
)
await write(join(CLIENT_DIR, '404.html'), page(template, await render(NOT_FOUND_PATH), null))

await write(
  join(CLIENT_DIR, 'robots.txt'),
  `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`,
)
await write(
  join(CLIENT_DIR, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${PAGES.map(
    ({ path, priority }) =>
      `  <url><loc>${SITE_URL}${path}</loc><priority>${priority}</priority></url>`,
  ).join('\n')}\n</urlset>\n`,
)
console.info(`Prerendered ${PAGES.length} pages and 404.html for ${SITE_URL}`)
// Query's one-day gcTime timers (and retried build-time fetches) would keep Node alive for a day.
process.exit(0)
