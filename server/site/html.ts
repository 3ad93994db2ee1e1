// Every edit of the site's HTML, for the build (scripts/prerender.ts, once per page) and the server
// (server/site/pages.ts, once per render): plain string functions, each checking that the marker
// it edits is where the template has it, and tested (html.test.ts). The texts they put in come
// from React (escaped) or from the build's own files.

/** React's render of a route: a page's <title>/<meta>/<link> first, then the app's markup. */
export function splitHead(html: string): { head: string; app: string } {
  const match = html.match(/^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/)
  const head = match?.[0] ?? ''
  return { head, app: html.slice(head.length) }
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

const titleOf = (head: string) => head.match(/<title>([^<]*)<\/title>/)?.[1]
const descriptionOf = (head: string) =>
  head.match(/<meta name="description" content="([^"]*)"/)?.[1]

/** `url`: the page's canonical address; null: not to be indexed; undefined: neither is said. */
function socialTags(head: string, url: string | null | undefined): string {
  const title = titleOf(head) ?? 'Coinvera'
  const description = descriptionOf(head) ?? ''
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

/**
 * A prerendered page: the template (index.html as the build made it) with the route's head and
 * social tags in place of its <title>, the route's markup in place of `<!--app-html-->`, and its
 * data block, if any (the not-found page's), after `#root`.
 */
export function prerenderedPage(
  template: string,
  rendered: { html: string; state: string | null },
  url: string | null | undefined,
): string {
  const { head, app } = splitHead(rendered.html)
  if (!head.includes('<title>')) throw new Error(`a prerendered page has no <title>: ${url}`)
  const withHead = template.replace(/<title>[^<]*<\/title>/, () => head + socialTags(head, url))
  const slot = '<div id="root"><!--app-html--></div>'
  if (!withHead.includes(slot)) throw new Error(`index.html lost its ${slot}`)
  return withHead.replace(slot, () => `<div id="root">${app}</div>${rendered.state ?? ''}`)
}

/**
 * The head of a page whose title depends on its data (a coin page, a search): the template's
 * title and description, and the social tags that repeat them, replaced by the render's, and the
 * render's robots tag added (search results are not for indexes). React escaped both (quotes
 * included), so they are safe in an attribute as well.
 */
function withHead(html: string, head: string): string {
  const title = titleOf(head)
  const description = descriptionOf(head)
  const robots = head.match(/<meta name="robots" content="[^"]*"\/>/)?.[0]
  let out = robots ? html.replace('</title>', () => `</title>${robots}`) : html
  if (title !== undefined) {
    out = out
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
      .replace(
        /(<meta (?:property="og:title"|name="twitter:title") content=")[^"]*"/g,
        (_, tag) => `${tag}${title}"`,
      )
  }
  if (description !== undefined) {
    out = out.replace(
      /(<meta (?:name="description"|property="og:description"|name="twitter:description") content=")[^"]*"/g,
      (_, tag) => `${tag}${description}"`,
    )
  }
  return out
}

/**
 * A page rendered at run time, in its prerendered page (which keeps its inline style and loader,
 * so their CSP hashes hold): the render's markup in `#root`, its data block after it, and, for a
 * page whose title names its data (`ownHead`), the render's title and description; its
 * preloads; a query that makes the address another page (`canonicalQuery`, `?page=2`) joins its
 * canonical address.
 */
export function renderedPage(
  prerendered: string,
  rendered: { html: string; state: string | null },
  { ownHead, canonicalQuery = '' }: { ownHead: boolean; canonicalQuery?: string },
): string {
  const open = prerendered.indexOf('<div id="root">')
  const close = prerendered.lastIndexOf('</div>')
  if (open < 0 || close < open) throw new Error('the page has no #root element')
  const { head, app } = splitHead(rendered.html)
  let before = ownHead ? withHead(prerendered.slice(0, open), head) : prerendered.slice(0, open)
  // What the page's data needs early (a font its prices use) goes before the page's own styles.
  const preloads = head.match(/<link rel="preload" [^>]*\/?>/g)?.join('') ?? ''
  if (preloads) before = before.replace('</title>', () => `</title>${preloads}`)
  // A page of a list is its own page to a search engine, not a copy of the first.
  if (canonicalQuery) {
    before = before.replace(
      /(<link rel="canonical" href="|<meta property="og:url" content=")([^"?]*)"/g,
      (_, tag, url) => `${tag}${url}${escapeAttr(canonicalQuery)}"`,
    )
  }
  const after = prerendered.slice(close + '</div>'.length)
  return `${before}<div id="root">${app}</div>${rendered.state ?? ''}${after}`
}

/** The one stylesheet Vite linked, and the page with `css` written in its place instead. */
export function inlineStylesheet(html: string, css: (href: string) => string): string {
  const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? []
  if (links.length !== 1) {
    throw new Error(`index.html should link one stylesheet, not ${links.length}`)
  }
  const link = links[0] as string
  const href = link.match(/href="\/([^"]+)"/)?.[1]
  if (!href) throw new Error(`no href in ${link}`)
  const text = css(href).trim()
  if (text.includes('</style')) throw new Error(`${href} would end its <style> element early`)
  return html.replace(link, () => `<style>${text}</style>`)
}

/**
 * Where the build writes the stylesheet of the pages beyond the price lists (`other-pages.css`,
 * scripts/prerender.ts): `/assets/other-pages-<hash>.css`. The lists' pages link it after their
 * first paint; one rendered for a signed-in visitor links it in its head (server/site/pages.ts).
 */
export const OTHER_PAGES_STYLESHEET = /^\/assets\/other-pages-[\w-]+\.css$/

/**
 * The page with a stylesheet link at the end of its head: styles it before its first paint. Marked
 * settled for the app's wait (src/boot/stylesheets.ts): the first paint, and so the loader that
 * adds the app's scripts after it, comes only once it has loaded or failed.
 */
export function withStylesheetLink(html: string, href: string): string {
  if (!OTHER_PAGES_STYLESHEET.test(href)) throw new Error(`not the built stylesheet: ${href}`)
  const end = html.indexOf('</head>')
  if (end < 0) throw new Error('the page has no </head>')
  return `${html.slice(0, end)}<link rel="stylesheet" href="${href}" data-settled>${html.slice(end)}`
}

/** The entry module script and the modulepreloads Vite wrote into the page. */
export function moduleScripts(html: string): { entry: string; preloads: string[] } {
  const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)]
  if (entries.length !== 1) {
    throw new Error(`index.html should have one module script, not ${entries.length}`)
  }
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
  return { entry: entries[0]?.[1] as string, preloads: preloads.map((m) => m[1] as string) }
}

/** The page with `loader` (an inline script) in place of Vite's module script and preloads. */
export function withLoader(html: string, loader: string): string {
  if (loader.includes('</script')) throw new Error('the loader would end its <script> early')
  let out = html.replace(
    /<script type="module" crossorigin src="[^"]+"><\/script>/,
    () => `<script>${loader}</script>`,
  )
  out = out.replace(/<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
  if (/<script [^>]*src=|<link rel="modulepreload"/.test(out)) {
    throw new Error('a script is still fetched before the first paint')
  }
  return out
}

/** The page with `script` inline right after its charset, before anything else in <head>. */
export function firstInHead(html: string, script: string): string {
  if (script.includes('</script')) throw new Error('the script would end its <script> early')
  const charset = '<meta charset="UTF-8" />'
  if (!html.includes(charset)) throw new Error('index.html lost its charset')
  return html.replace(charset, () => `${charset}<script>${script}</script>`)
}

// What React renders for the token field of the pages opened from an emailed link.
const TOKEN_FIELD = '<input type="hidden" name="token" value=""/>'

/**
 * The page with `token` in its form's hidden token field, so the form posts it without the
 * page's script. Only a token of the expected shape (base64url) is written; a page without
 * exactly one such field is returned as it is.
 */
export function withFormToken(html: string, token: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) throw new Error('not a token')
  const at = html.indexOf(TOKEN_FIELD)
  if (at < 0 || html.indexOf(TOKEN_FIELD, at + 1) >= 0) return html
  return html.replace(TOKEN_FIELD, () => `<input type="hidden" name="token" value="${token}"/>`)
}
