import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runAxe, VIEWPORTS, visit, menuButton } from './support/browser'
import { setUpSite, waitForPrices, waitForTrending } from './support/site'

const site = setUpSite()

const PAGES = [
  {
    path: '/',
    status: 200,
    title: 'Coinvera — Make better business with cryptocurrency',
    h1: 'Make better business with cryptocurrency',
  },
  {
    path: '/crypto',
    status: 200,
    title: "Today's cryptocurrency prices — Coinvera",
    h1: "Today's Cryptocurrency Prices",
  },
  { path: '/contact', status: 200, title: 'Contact — Coinvera', h1: 'Hello World' },
  { path: '/signup', status: 200, title: 'Sign up — Coinvera', h1: 'Create your account' },
  { path: '/signin', status: 200, title: 'Sign in — Coinvera', h1: 'Sign in' },
  {
    path: '/no-such-page',
    status: 404,
    title: 'Page not found — Coinvera',
    h1: 'Page not found',
  },
] as const

/** The page as a visitor ends up seeing it: data loaded, every section scrolled into view. */
async function settle(page: Page, path: string) {
  if (path === '/' || path === '/crypto') await waitForPrices(page)
  if (path === '/') await waitForTrending(page)
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    }
  })
  // Sections still fading in have partial opacity, which axe would rightly call low contrast.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.fade')].every(
      (element) =>
        element.classList.contains('fade--in') && getComputedStyle(element).opacity === '1',
    ),
  )
  await page.evaluate(() => window.scrollTo(0, 0))
}

/** The head as crawlers read it, straight from the server (no JavaScript). */
async function servedHead(path: string) {
  const response = await fetch(`${site.url}${path}`)
  const html = await response.text()
  return {
    status: response.status,
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    descriptions: [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map(
      (m) => m[1],
    ),
    h1s: (html.match(/<h1[\s>]/g) ?? []).length,
  }
}

const decode = (text: string | undefined) => text?.replace(/&#x27;|&#39;/g, "'") ?? ''

describe.each(VIEWPORTS)('every route at $name ($width×$height)', (viewport) => {
  it.each(PAGES)(
    '$path: title, description, one h1, skip link, no console errors, no axe violations',
    async ({ path, status, title, h1 }) => {
      const { page, problems } = await site.open(viewport)
      const response = await visit(page, `${site.url}${path}`)
      expect(response?.status()).toBe(status)
      await settle(page, path)

      expect(await page.title()).toBe(title)
      const descriptions = await page
        .locator('meta[name="description"]')
        .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')))
      expect(descriptions).toHaveLength(1)
      expect(descriptions[0]?.length ?? 0).toBeGreaterThan(20)
      expect(await page.locator('h1').allTextContents()).toEqual([h1])
      expect(await page.locator('a.skip-link[href="#main"]').count()).toBe(1)
      expect(await page.locator('main#main').count()).toBe(1)

      const violations = await runAxe(page)
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([])

      // The 404 document itself is reported by Chromium as a failed resource; nothing else may be.
      const expected =
        status === 404
          ? [
              `console.error: Failed to load resource: the server responded with a status of 404 (Not Found) (${site.url}${path})`,
            ]
          : []
      expect(problems).toEqual(expected)

      // Crawlers get the same head and h1 without running any script.
      const served = await servedHead(path)
      expect(served.status).toBe(status)
      expect(served.titles.map(decode)).toEqual([title])
      expect(served.descriptions.map(decode)).toEqual(descriptions)
      expect(served.h1s).toBe(1)
    },
  )

  it('has no axe violations with the sign-up errors and the phone menu showing', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/signup`)
    await page
      .getByRole('form', { name: 'Sign up' })
      .getByRole('button', { name: 'Submit' })
      .click()
    await page.locator('[aria-invalid="true"]').first().waitFor()
    if (viewport.phone) {
      await menuButton(page).click()
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Home' })
        .waitFor()
    }
    const violations = await runAxe(page)
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
  })
})
