import { describe, expect, it } from 'vitest'
import {
  firstInHead,
  inlineStylesheet,
  moduleScripts,
  prerenderedPage,
  renderedPage,
  splitHead,
  withFormToken,
  withLoader,
  withStylesheetLink,
} from './html'

// index.html as Vite builds it, cut to what the edits look for.
const BUILT = [
  '<!doctype html><html><head><meta charset="UTF-8" />',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
  '<title>Coinvera</title>',
  '<script type="module" crossorigin src="/assets/index-a.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-b.js">',
  '<link rel="stylesheet" crossorigin href="/assets/style-c.css">',
  '</head><body><div id="root"><!--app-html--></div></body></html>',
].join('')

/** A route's render without a data block, as every prerendered page but the not-found one. */
const page_ = (html: string) => ({ html, state: null })

const RENDERED =
  '<title>Bitcoin (BTC) price — Coinvera</title><meta name="description" content="Price &amp; more"/><main>coin</main>'

describe('the HTML edits', () => {
  it("splits React's render into its head and its markup", () => {
    expect(splitHead(RENDERED)).toEqual({
      head: '<title>Bitcoin (BTC) price — Coinvera</title><meta name="description" content="Price &amp; more"/>',
      app: '<main>coin</main>',
    })
  })

  it("prerenders a page: the route's head, social tags and canonical link, its markup in #root", () => {
    const page = prerenderedPage(BUILT, page_(RENDERED), 'https://coinvera.example/crypto?a="b"')
    expect(page).toContain('<title>Bitcoin (BTC) price — Coinvera</title>')
    expect(page).not.toContain('<title>Coinvera</title>')
    expect(page).toContain('<meta property="og:title" content="Bitcoin (BTC) price — Coinvera"/>')
    expect(page).toContain(
      '<link rel="canonical" href="https://coinvera.example/crypto?a=&quot;b&quot;"/>',
    )
    expect(page).toContain('<div id="root"><main>coin</main></div></body>')
    // The not-found page carries a data block saying so.
    const block = '<script type="application/json" id="page-state">{"notFound":true}</script>'
    expect(prerenderedPage(BUILT, { html: RENDERED, state: block }, null)).toContain(
      `<div id="root"><main>coin</main></div>${block}</body>`,
    )
    expect(prerenderedPage(BUILT, page_(RENDERED), null)).toContain(
      '<meta name="robots" content="noindex"/>',
    )
    expect(() => prerenderedPage(BUILT, page_('<main>no head</main>'), null)).toThrow(/no <title>/)
    expect(() =>
      prerenderedPage(BUILT.replace('<!--app-html-->', ''), page_(RENDERED), null),
    ).toThrow(/app-html/)
  })

  it('puts a run-time render into its prerendered page, the head only when the page names its data', () => {
    const prerendered = prerenderedPage(
      BUILT,
      page_('<title>Coin price — Coinvera</title><p>…</p>'),
      '/c',
    )
    const state = '<script type="application/json" id="page-state">{}</script>'
    const coin = renderedPage(prerendered, { html: RENDERED, state }, { ownHead: true })
    expect(coin).toContain('<div id="root"><main>coin</main></div><script type="application/json"')
    expect(coin).toContain('<title>Bitcoin (BTC) price — Coinvera</title>')
    expect(coin).toContain('<meta name="twitter:description" content="Price &amp; more"/>')
    expect(coin).not.toContain('<p>…</p>')
    const list = renderedPage(prerendered, { html: RENDERED, state: null }, { ownHead: false })
    expect(list).toContain('<title>Coin price — Coinvera</title>')
    expect(() =>
      renderedPage('<p>no root</p>', { html: '', state: null }, { ownHead: false }),
    ).toThrow(/#root/)
  })

  it("puts the render's preloads into the head of every run-time page, with or without its title", () => {
    const prerendered = prerenderedPage(BUILT, page_('<title>Prices — Coinvera</title>'), '/c')
    const preload =
      '<link rel="preload" href="/fonts/bitcoin-sign-400.otf" as="font" type="font/otf" crossorigin="anonymous"/>'
    const html = `<title>Prices — Coinvera</title>${preload}<main>₿1</main>`
    for (const ownHead of [false, true]) {
      const page = renderedPage(prerendered, { html, state: null }, { ownHead })
      expect(page).toContain(`<title>Prices — Coinvera</title>${preload}`)
      expect(page.indexOf(preload)).toBeLessThan(page.indexOf('</head>'))
      expect(page).toContain('<div id="root"><main>₿1</main></div>')
    }
    const plain = renderedPage(prerendered, { html: RENDERED, state: null }, { ownHead: false })
    expect(plain).not.toContain('rel="preload"')
  })

  it("gives a later page of a list its own canonical address, the first page's unchanged", () => {
    const prerendered = prerenderedPage(
      BUILT,
      page_('<title>All coins — Coinvera</title>'),
      'https://coinvera.example/coins',
    )
    const second = renderedPage(
      prerendered,
      { html: RENDERED, state: null },
      { ownHead: true, canonicalQuery: '?page=2' },
    )
    expect(second).toContain('<link rel="canonical" href="https://coinvera.example/coins?page=2"/>')
    expect(second).toContain(
      '<meta property="og:url" content="https://coinvera.example/coins?page=2"/>',
    )
    const first = renderedPage(prerendered, { html: RENDERED, state: null }, { ownHead: true })
    expect(first).toContain('<link rel="canonical" href="https://coinvera.example/coins"/>')
  })

  it('writes the stylesheet into the page, and refuses CSS that would end its element', () => {
    const page = inlineStylesheet(BUILT, (href) =>
      href === 'assets/style-c.css' ? ' a{b:c} ' : '',
    )
    expect(page).toContain('<style>a{b:c}</style>')
    expect(page).not.toContain('rel="stylesheet"')
    expect(() => inlineStylesheet(BUILT, () => 'a{}</style><script>')).toThrow(/early/)
    expect(() => inlineStylesheet(page, () => '')).toThrow(/one stylesheet, not 0/)
  })

  it("replaces Vite's scripts by the loader, which names them", () => {
    expect(moduleScripts(BUILT)).toEqual({
      entry: '/assets/index-a.js',
      preloads: ['/assets/react-b.js'],
    })
    const page = withLoader(BUILT, 'start()')
    expect(page).toContain('<script>start()</script>')
    expect(page).not.toMatch(/src=|modulepreload/)
    expect(() => withLoader(BUILT, 'x("</script>")')).toThrow(/early/)
  })

  it("links the built stylesheet at the end of the head, and nothing that isn't it", () => {
    const page = withStylesheetLink(BUILT, '/assets/other-pages-Ab12_-x9.css')
    expect(page).toContain(
      '<link rel="stylesheet" href="/assets/other-pages-Ab12_-x9.css" data-settled></head>',
    )
    expect(page.replace(/<link rel="stylesheet" href="[^"]+" data-settled>/, '')).toBe(BUILT)
    expect(() => withStylesheetLink(BUILT, '/assets/x.css"><script>')).toThrow(/not the built/)
    expect(() => withStylesheetLink('<p>no head</p>', '/assets/other-pages-a.css')).toThrow(/head/)
  })

  it('puts a script first in the head', () => {
    expect(firstInHead(BUILT, 'go()')).toContain('<meta charset="UTF-8" /><script>go()</script>')
  })

  it("writes a token into the page's one empty token field, and nothing else", () => {
    const page = '<form><input type="hidden" name="token" value=""/><input name="password"/></form>'
    const token = 'Ab-_0123456789abcdefghijklmnopqrstuvwxyzABCD'.slice(0, 43)
    expect(withFormToken(page, token)).toBe(
      `<form><input type="hidden" name="token" value="${token}"/><input name="password"/></form>`,
    )
    expect(() => withFormToken(page, '"><script>')).toThrow('not a token')
    expect(withFormToken('<form></form>', token)).toBe('<form></form>')
  })
})
