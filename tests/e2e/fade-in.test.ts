import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openPage, VIEWPORTS, type Viewport, visit, waitForHydration } from './support/browser'
import { type DevServer, startDevMock } from './support/dev-server'
import { setUpSite, waitForTrending } from './support/site'

const site = setUpSite()
let dev: DevServer | undefined

// Vite reloads every open page when it finds a dependency its start-up scan missed.
const VITE_RELOADS = 'optimized dependencies changed. reloading'

beforeAll(async () => {
  dev = await startDevMock()
  // Vite compiles each module at its first request: one visit down the whole page first, until
  // every request it made is answered, so the visits under test neither pay for that nor share
  // the machine with it. Vite's scan bundles every dependency before it serves the first module
  // (its debug log: "the scanner found every used dependency"), so there is no reload to wait
  // for; should one come, afterAll says so.
  const { page, context } = await openPage(site.browser, VIEWPORTS[0])
  const pending = new Set<Request>()
  page.on('request', (request) => pending.add(request))
  page.on('requestfinished', (request) => pending.delete(request))
  page.on('requestfailed', (request) => pending.delete(request))
  try {
    await page.goto(`${dev.url}/`, { waitUntil: 'load', timeout: 60_000 })
    await waitForHydration(page)
    await page.locator('.trending').scrollIntoViewIfNeeded()
    await waitForTrending(page)
    await vi.waitFor(() => expect(pending.size).toBe(0), { timeout: 30_000, interval: 50 })
  } finally {
    await context.close()
  }
}, 120_000)

afterAll(async () => {
  const output = dev?.output() ?? ''
  await dev?.stop()
  expect(output, 'Vite reloaded the pages under test').not.toContain(VITE_RELOADS)
})

const devUrl = () => {
  if (!dev) throw new Error('vite did not start; see beforeAll')
  return dev.url
}

const TARGETS = [
  { name: 'the production build', url: () => site.url },
  { name: 'dev:mock', url: devUrl },
]

function busyFor(ms: number) {
  const end = performance.now() + ms
  while (performance.now() < end) {
    // The page's main thread, taken.
  }
}

/**
 * Opens the home page and, from the first paint of its sections on (the prerendered HTML in
 * production, the app's first render in dev), scrolls 300 px at a time with the mouse wheel,
 * every 100 or 200 ms, down to the bottom: faster than the page can start up.
 */
async function scrollFastFromFirstPaint(page: Page, url: string, viewport: Viewport) {
  // How far down the bottom is, from a visit that let the page load whole: at its first paint the
  // page under test may not have arrived whole yet (on a busy machine the desktop page measured
  // 1,231 px then and 3,186 px once loaded), and asking it again would wait for its busy main
  // thread, slowing the scroll down to the page's pace, which is what the visitor does not do.
  const whole = await openPage(site.browser, viewport)
  let distance: number
  try {
    await visit(whole.page, url)
    distance = await whole.page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    )
  } finally {
    await whole.context.close()
  }
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(
    () =>
      performance.getEntriesByType('paint').length > 0 &&
      document.querySelectorAll('main > section').length > 1,
    undefined,
    { polling: 10, timeout: 30_000 },
  )
  await page.mouse.move(viewport.width / 2, viewport.height / 2)
  // Not awaited one by one: the visitor's wheel does not wait for a busy page either, and the
  // browser then applies the turns that queued up at once, between two frames. A slow phone's
  // start-up keeps the main thread busy for stretches like the 600 ms ones added here.
  const pending: Promise<unknown>[] = []
  for (let step = 0; step * 300 < distance + 600; step++) {
    pending.push(page.mouse.wheel(0, 300))
    if (step % 4 === 1) pending.push(page.evaluate(busyFor, 600))
    await new Promise((resolve) => setTimeout(resolve, step % 2 === 0 ? 100 : 200))
  }
  await Promise.all(pending)
  // A page busy on a loaded machine can lose turns of the wheel (seen once in the dev build: short
  // of the bottom 10 s later); those are made up, one at a time, until the visitor is at the
  // bottom. Turns beyond it, while the last ones still scroll, change nothing.
  const atBottom = () =>
    page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    )
  for (let extra = 0; !(await atBottom()); extra++) {
    if (extra === 20) throw new Error('20 more turns of the wheel did not reach the bottom')
    await page.mouse.wheel(0, 300)
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
  }
}

function opacities(page: Page) {
  return page.locator('main > section').evaluateAll((sections) =>
    sections.map((section) => ({
      section: section.querySelector('h1, h2')?.textContent,
      opacity: getComputedStyle(section).opacity,
    })),
  )
}

describe.each(VIEWPORTS)('fade-in under a fast scroll at $name ($width×$height)', (viewport) => {
  it.each(TARGETS)('shows every section once the fades end ($name)', async ({ url }) => {
    const { page, context } = await openPage(site.browser, viewport)
    // A slow phone: the page's main thread is busy for longer stretches while it starts.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 })
    try {
      await scrollFastFromFirstPaint(page, `${url()}/`, viewport)
      // What is asserted is the page once the app runs: before that, the prerendered sections are
      // visible anyway, and an app starting late must not hide them again.
      await waitForHydration(page)
      const sections = await opacities(page)
      expect(sections.length).toBe(6)
      // A fade lasts a second at most; a section left hidden never gets there (no deadline of
      // our own: a loaded machine stretches the page's tasks, not the outcome).
      await expect
        .poll(() => opacities(page), { timeout: 20_000, interval: 100 })
        .toEqual(sections.map(({ section }) => ({ section, opacity: '1' })))
      // And they stay visible as the visitor scrolls back up.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
      // Once a new observer has had its entries for the new position, the app's have had theirs.
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const observer = new IntersectionObserver(() => {
              observer.disconnect()
              requestAnimationFrame(() => requestAnimationFrame(resolve))
            })
            const first = document.querySelector('main > section')
            if (first) observer.observe(first)
          }),
      )
      expect(await page.locator('main > section.fade:not(.fade--in)').count()).toBe(0)
      expect((await opacities(page)).every(({ opacity }) => opacity === '1')).toBe(true)
    } finally {
      await context.close()
    }
  })
})

describe('dev:mock', () => {
  it('sends nothing to another host: coin images come from the shipped samples', async () => {
    const browser: Browser = site.browser
    const { page, context } = await openPage(browser, VIEWPORTS[1])
    const outside: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol !== 'data:' && url.origin !== devUrl()) outside.push(request.url())
    })
    try {
      await page.goto(`${devUrl()}/`, { waitUntil: 'load', timeout: 30_000 })
      await waitForHydration(page)
      await page.locator('.prices__card').scrollIntoViewIfNeeded()
      await page.locator('.market-table[aria-busy="false"] tbody tr').first().waitFor()
      await page.locator('.trending').scrollIntoViewIfNeeded()
      await waitForTrending(page)
      const images = page.locator('.market-table tbody img, .trending__list img')
      await expect
        .poll(() =>
          images.evaluateAll(
            (elements) =>
              (elements as HTMLImageElement[]).filter(
                (image) => image.complete && image.naturalWidth > 0,
              ).length,
          ),
        )
        .toBe(13)
      expect(
        await images.evaluateAll((elements) =>
          (elements as HTMLImageElement[]).every((image) =>
            new URL(image.src).pathname.startsWith('/sample-coins/'),
          ),
        ),
      ).toBe(true)
      expect(outside).toEqual([])
    } finally {
      await context.close()
    }
  })
})
