import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { VIEWPORTS, visit } from './support/browser'
import { expectNoShift, recordShifts } from './support/shifts'
import { setUpSite, waitForPrices, waitForTrending } from './support/site'

// The prerendered page's own loading (skeletons, the sorting code by need, Retry): what a visitor
// gets when the server does not render the page with its data (tests/e2e/server-render.test.ts),
// and on every client-side navigation.
const site = setUpSite({ env: () => ({ RENDER_PAGES: 'false' }) })

/** The sections that fade in, and how long the specification says each fade takes. */
const FADING = [
  { selector: '#prices', duration: '1s' },
  { selector: '.about', duration: '1s' },
  { selector: '.subscribe', duration: '1.5s' },
] as const

type SectionState = { top: number; fade: boolean; fadeIn: boolean; opacity: string }

function sectionState(page: Page, selector: string): Promise<SectionState> {
  return page.locator(selector).evaluate((element) => ({
    top: element.getBoundingClientRect().top / window.innerHeight,
    fade: element.classList.contains('fade'),
    fadeIn: element.classList.contains('fade--in'),
    opacity: getComputedStyle(element).opacity,
  }))
}

/** Scrolls so the section's top sits at this fraction of the viewport height. */
async function scrollTopTo(page: Page, selector: string, fraction: number) {
  await page.locator(selector).evaluate((element, at) => {
    const top = element.getBoundingClientRect().top
    window.scrollBy(0, top - window.innerHeight * at)
  }, fraction)
  // Two frames: time for the IntersectionObserver to deliver its entries.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

/** Two frames, then the first idle moment: whatever those frames started (a render) has run. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve))),
      ),
  )

describe.each(VIEWPORTS)('motion and loading at $name ($width×$height)', (viewport) => {
  it('fades sections in once their top comes within 75% of the viewport', async () => {
    // A short window first: every section starts below the threshold, so each must start hidden
    // and fade at its own pace.
    const short = await site.open({ width: viewport.width, height: 400 })
    await visit(short.page, `${site.url}/`)
    for (const { selector, duration } of FADING) {
      const state = await sectionState(short.page, selector)
      expect(state.top, selector).toBeGreaterThan(0.75)
      expect(state, selector).toMatchObject({ fade: true, fadeIn: false, opacity: '0' })
      expect(
        await short.page
          .locator(selector)
          .evaluate((el) => getComputedStyle(el).transitionDuration),
        selector,
      ).toMatch(new RegExp(`^${duration.replace('.', '\\.')}(, ${duration.replace('.', '\\.')})*$`))
    }

    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    for (const { selector } of FADING) {
      // On screen when the page opened: never hidden; further down: hidden until reached.
      const state = await sectionState(page, selector)
      expect(state, selector).toMatchObject(
        state.top < 0.75
          ? { fade: false, opacity: '1' }
          : { fade: true, fadeIn: false, opacity: '0' },
      )
    }
    // Below the fold at both widths, so both must start hidden.
    expect((await sectionState(page, '.about')).fade).toBe(true)
    expect((await sectionState(page, '.subscribe')).fade).toBe(true)

    // The threshold: at 85% of the viewport height the about block stays hidden; at 65% it fades in.
    await scrollTopTo(page, '.about', 0.85)
    await nextFrames(page)
    expect(await sectionState(page, '.about')).toMatchObject({ fadeIn: false, opacity: '0' })
    await scrollTopTo(page, '.about', 0.65)
    await expect.poll(async () => (await sectionState(page, '.about')).fadeIn).toBe(true)
    await expect
      .poll(async () => (await sectionState(page, '.about')).opacity, { timeout: 4000 })
      .toBe('1')

    await page.locator('.subscribe').scrollIntoViewIfNeeded()
    await expect
      .poll(async () => (await sectionState(page, '.subscribe')).opacity, { timeout: 4000 })
      .toBe('1')
  })

  it('shows every section at once with prefers-reduced-motion', async () => {
    const { page } = await site.open(viewport, { reducedMotion: 'reduce' })
    await visit(page, `${site.url}/`)
    for (const { selector } of FADING) {
      expect(await sectionState(page, selector), selector).toMatchObject({
        fade: false,
        opacity: '1',
      })
    }
  })

  it('shows all content before JavaScript runs (prerendered, nothing hidden)', async () => {
    const { page } = await site.open(viewport, { javaScriptEnabled: false })
    const response = await page.goto(`${site.url}/`)
    expect(response?.status()).toBe(200)
    expect(await page.locator('h1').textContent()).toMatch(/better business with cryptocurrency/i)
    for (const { selector } of FADING) {
      expect(await sectionState(page, selector), selector).toMatchObject({
        fade: false,
        opacity: '1',
      })
    }
    // The price list is drawn as its skeleton: six rows under the seven headers.
    expect(await page.locator('.market-table thead th').count()).toBe(7)
    expect(await page.locator('.market-table tbody tr.data-table__skeleton').count()).toBe(6)
    expect(await page.locator('.about__card').count()).toBe(3)
  })

  it('sorts with the code the page already has: no script or stylesheet more', async () => {
    const { page } = await site.open(viewport)
    const scripts: string[] = []
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (/\.js(\?|$)/.test(request.url())) scripts.push(request.url())
      if (/\.css(\?|$)/.test(request.url())) stylesheets.push(request.url())
    })
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    await page.waitForLoadState('networkidle')
    const loaded = scripts.length

    // The rows are a TanStack Table: its sorting came with the price list.
    await page.getByRole('button', { name: 'Current price' }).click()
    await page.waitForURL(`${site.url}/crypto?sort=price_desc`)
    await expect
      .poll(() =>
        page
          .locator('.market-table tbody a.coin-cell')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      )
      .toEqual(
        ['bitcoin', 'ethereum', 'binancecoin', 'solana', 'ripple', 'tether'].map(
          (id) => `/coins/${id}`,
        ),
      )
    expect(scripts.slice(loaded)).toEqual([])
    // The page's own <style> is the common stylesheet, the rest is linked once with the scripts
    // (src/boot/stylesheets.ts): nothing fetches it a second time.
    expect(stylesheets).toHaveLength(1)
    expect(stylesheets[0]).toMatch(/\/assets\/other-pages-[\w-]+\.css$/)
  })

  it('draws skeletons of the final size while loading, so nothing shifts', async () => {
    const { page, context } = await site.open(viewport)
    // Slow market data: no answer until the loading page has been measured.
    const held: Route[] = []
    let released = false
    await context.route('**/api/market/**', async (route) => {
      if (released) return route.continue()
      held.push(route)
    })
    await recordShifts(context)
    await visit(page, `${site.url}/`)

    const layout = () =>
      page.evaluate(() => {
        // Layout boxes (offsets), not painted ones: the fade-in's transform moves no layout.
        const box = (selector: string) => {
          const element = document.querySelector<HTMLElement>(selector)
          if (!element) return null
          let top = 0
          for (
            let node: HTMLElement | null = element;
            node;
            node = node.offsetParent as HTMLElement | null
          ) {
            top += node.offsetTop
          }
          return [top, element.offsetHeight]
        }
        return {
          table: box('.market-table'),
          tbody: box('.market-table tbody'),
          about: box('.about'),
          trending: box('.trending__list'),
          subscribe: box('.subscribe'),
          footer: box('body footer'),
        }
      })

    // Still loading: skeleton rows, busy table, a status for screen readers.
    expect(await page.locator('.market-table').getAttribute('aria-busy')).toBe('true')
    expect(await page.locator('.market-table tbody tr.data-table__skeleton').count()).toBe(6)
    expect(await page.locator('.trending__card--skeleton').count()).toBe(7)
    expect(await page.getByRole('status').filter({ hasText: 'Loading prices…' }).count()).toBe(1)
    const before = await layout()

    // Both lists asked for, and answered now.
    const asked = () => held.map((route) => new URL(route.request().url()).pathname).sort()
    await expect
      .poll(asked)
      .toEqual(expect.arrayContaining(['/api/market/coins/markets', '/api/market/search/trending']))
    released = true
    for (const route of held.splice(0)) await route.continue()
    await waitForPrices(page)
    await waitForTrending(page)
    // Let broken coin images turn into monograms too.
    await page.locator('.market-table tbody .coin-monogram').first().waitFor()
    await nextFrames(page)
    const after = await layout()
    expect(after).toEqual(before)

    await expectNoShift(page)
  })

  it('says when the lists fail with nothing to show, and Retry loads them', async () => {
    const { page, context, problems } = await site.open(viewport)
    // A fresh visitor, and our server failing: something the real server cannot do on demand.
    const failing = '**/api/market/**'
    let failures = 0
    await context.route(failing, (route) => {
      failures++
      return route.fulfill({
        status: 503,
        // Retry-After: 0 lets the client's automatic retries run without waiting.
        headers: { 'Content-Type': 'application/json', 'Retry-After': '0' },
        body: JSON.stringify({ error: 'service_unavailable', message: 'Try again later.' }),
      })
    })
    await visit(page, `${site.url}/`)

    const pricesAlert = page.locator('#prices').getByRole('alert')
    const trendingAlert = page.locator('.trending').getByRole('alert')
    await pricesAlert.waitFor({ timeout: 20_000 })
    await trendingAlert.waitFor({ timeout: 20_000 })
    expect(await pricesAlert.textContent()).toMatch(/couldn't load prices/i)
    expect(await trendingAlert.textContent()).toMatch(/couldn't load trending/i)
    expect(await page.locator('.market-table').count()).toBe(0)
    expect(failures).toBeGreaterThanOrEqual(2)

    await context.unroute(failing)
    await pricesAlert.getByRole('button', { name: 'Retry' }).click()
    await waitForPrices(page)
    expect(await page.locator('.market-table tbody tr').count()).toBe(6)
    expect(await pricesAlert.count()).toBe(0)

    // The keyboard works as well.
    await trendingAlert.getByRole('button', { name: 'Retry' }).focus()
    await page.keyboard.press('Enter')
    await waitForTrending(page)
    expect(await page.locator('.trending ol.trending__list > li').count()).toBe(7)
    expect(await trendingAlert.count()).toBe(0)
    // Only the failed requests themselves may be reported.
    expect(problems.filter((problem) => !problem.includes('status of 503'))).toEqual([])
  })
})
