import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SiteServer, startServer } from './support/server'

// The real build, made for the default origin, served for another one set at run time only.
const ORIGIN = 'https://coinvera.example'
const PAGES = ['/', '/crypto', '/contact', '/signup', '/signin']

let server: SiteServer | undefined
const url = (path: string) => `${server?.url}${path}`

beforeAll(async () => {
  // Nothing listens on port 9: the sample data, at once.
  server = await startServer({ SITE_URL: ORIGIN, MARKET_UPSTREAM_URL: 'http://127.0.0.1:9/api/v3' })
})

afterAll(async () => {
  await server?.stop()
})

describe('the built site under the run-time SITE_URL', () => {
  it.each(PAGES)(
    '%s names it in its canonical link and social tags, nothing else',
    async (path) => {
      for (const encoding of ['identity', 'br', 'gzip']) {
        const html = await (
          await fetch(url(path), { headers: { 'Accept-Encoding': encoding } })
        ).text()
        expect(html, encoding).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`)
        expect(html, encoding).toContain(`<meta property="og:url" content="${ORIGIN}${path}"/>`)
        expect(html, encoding).not.toMatch(/https?:\/\/localhost[:/]/)
      }
    },
  )

  it('and so do a form’s error variant, robots.txt and the sitemap with its coin pages', async () => {
    const variant = await (await fetch(url('/signin?error=invalid_credentials'))).text()
    expect(variant).toContain(`<link rel="canonical" href="${ORIGIN}/signin"/>`)
    expect(await (await fetch(url('/robots.txt'))).text()).toContain(
      `Sitemap: ${ORIGIN}/sitemap.xml`,
    )
    const sitemap = await (await fetch(url('/sitemap.xml'))).text()
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '')
    expect(locs).toContain(`${ORIGIN}/crypto`)
    expect(locs).toContain(`${ORIGIN}/coins/bitcoin`)
    expect(locs.every((loc) => loc.startsWith(`${ORIGIN}/`))).toBe(true)
  })
})

describe('the build’s files by name', () => {
  it.each([
    ['/index.html', '/'],
    ['/crypto/index.html', '/crypto'],
    ['/signin/index.html', '/signin'],
  ])('%s redirects to its page, %s', async (file, page) => {
    const response = await fetch(url(file), { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(page)
  })

  it.each([
    '/404.html',
    '/coins/template.html',
    '/signin/error-invalid_credentials.html',
    '/signup/error-email_taken.html',
  ])('%s is not found', async (file) => {
    const response = await fetch(url(file), { redirect: 'manual' })
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('<title>Page not found — Coinvera</title>')
  })
})
