import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core'
import { inject } from 'vitest'

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 375, height: 812, phone: true },
] as const
export type Viewport = (typeof VIEWPORTS)[number]
/** Any window size a test opens a page at. */
export type Size = { width: number; height: number }

export const ROUTES = ['/', '/crypto', '/contact', '/signup', '/signin'] as const

/**
 * Debian's Chromium, headless, with every host but loopback unresolvable: nothing leaves the box.
 * The run's one browser (started by global-setup.ts); closing this connection closes the contexts
 * it opened, not the browser.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'), { timeout: 30_000 })
}

/** Console errors, warnings and uncaught exceptions a page produced. */
export type PageProblems = string[]

export type Visit = { context: BrowserContext; page: Page; problems: PageProblems }

// Coin images are hot-linked from CoinGecko, which the resolver rule makes fail at once: Chromium
// logs each as a failed resource. That failure is the point of the fallback tests, not a bug.
function expectedNoise(text: string, url: string | undefined): boolean {
  if (!text.startsWith('Failed to load resource')) return false
  try {
    return new URL(url ?? '').hostname.endsWith('coingecko.com')
  } catch {
    return false
  }
}

/**
 * React's hydration errors (production builds give the code only): the server's HTML did not
 * match the first render (418), a boundary the server could not finish (419), an update that
 * reached a boundary still hydrating (421), or a failed hydration React recovered from by
 * rendering afresh (422, 423, 425). React throws the server's HTML away then, silently to the
 * eye: what was there may be gone. Whatever a test expects, none may happen.
 */
const HYDRATION_ERROR =
  /Minified React error #(418|419|421|422|423|425)\b|hydrat(ion|ing) (failed|error)/i

const hydrationErrors: string[] = []

/** The hydration errors any page has thrown since the last call (tests/e2e/support/setup.ts). */
export function takeHydrationErrors(): string[] {
  return hydrationErrors.splice(0)
}

/** A fresh context (no storage, no cache) at the given size, and a page that records problems. */
export async function openPage(
  browser: Browser,
  viewport: Size,
  options: BrowserContextOptions = {},
): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: false,
    hasTouch: false,
    locale: 'en-US',
    timezoneId: 'UTC',
    ...options,
  })
  // On the context, so that every page of it counts: a second tab too.
  context.on('weberror', (error) => {
    const message = error.error().message
    if (HYDRATION_ERROR.test(message)) hydrationErrors.push(`${error.page()?.url()}: ${message}`)
  })
  context.on('console', (message) => {
    if (HYDRATION_ERROR.test(message.text())) {
      hydrationErrors.push(`${message.page()?.url()}: console.${message.type()}: ${message.text()}`)
    }
  })
  context.setDefaultTimeout(10_000)
  context.setDefaultNavigationTimeout(15_000)
  const page = await context.newPage()
  const problems: PageProblems = []
  page.on('console', (message) => {
    const type = message.type()
    if (type !== 'error' && type !== 'warning') return
    if (expectedNoise(message.text(), message.location().url)) return
    problems.push(`console.${type}: ${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  return { context, page, problems }
}

/** Loads a page and waits until the app has hydrated it (React attaches to #root). */
export async function visit(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'load' })
  await waitForHydration(page)
  return response
}

/**
 * React has adopted the header: it tags the DOM nodes its hydration reached, and the nav bar is
 * on every page. The rest of the page may still be hydrating, its effects not yet run.
 */
export async function waitForHeaderAdopted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector('.nav-bar__toggle')
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'))
  })
}

export async function waitForHydration(page: Page): Promise<void> {
  await waitForHeaderAdopted(page)
  // Let the hydration commit and its effects run before the test acts. Hydration is a transition
  // that goes on for as many frames as the page needs (two frames were not always enough: a
  // section's fade-in effect had not run yet); React's scheduler keeps the page busy until it is
  // done, so the first idle moment comes after it (the timeout only bounds a page never idle).
  // Two frames more deliver what those effects started observing.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const frames = (then: () => void) =>
          requestAnimationFrame(() => requestAnimationFrame(() => then()))
        frames(() => requestIdleCallback(() => frames(() => resolve(undefined)), { timeout: 5000 }))
      }),
  )
}

const AXE = fileURLToPath(import.meta.resolve('axe-core/axe.min.js'))
let axeSource: string | undefined

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] }

/**
 * axe-core's full rule set on the page as it comes to rest; returns the violations, compactly.
 * Finite animations (a section fading in as it scrolls into view) end first: axe measured a
 * half-faded text's contrast, and failed a colour the visitor sees for a few frames only.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(async () => {
    // Polled with timers, bounded: a fade may start a moment later (an observer's report).
    const running = () =>
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        )
    for (let waited = 0; waited < 3000 && (waited < 100 || running()); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })

  // Our CSP refuses inline scripts, so addScriptTag cannot inject axe; evaluating its source
  // through the DevTools protocol can, and keeps the page's CSP on for everything else.
  axeSource ??= readFileSync(AXE, 'utf8')
  await page.evaluate(`${axeSource}\n;void 0`)
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe
    const result = await axe.run(document)
    return result.violations.map(
      (violation: {
        id: string
        impact: string | null
        help: string
        nodes: { target: unknown[]; failureSummary?: string }[]
      }) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) =>
          `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 300),
        ),
      }),
    )
  })
}

/**
 * The phone menu's button: the summary of a `<details>` (it opens without JavaScript too), which
 * Playwright gives no role; `isOpen` says whether its disclosure is open.
 */
export const menuButton = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Main' }).locator('summary', { hasText: 'Menu' })

/** The account menu's button: the signed-in user's name, a `<details>` summary as well. */
export const accountButton = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Main' }).locator('summary', { hasText: /signed in as/i })

// Read as an attribute, so it works with the page's JavaScript off too.
export const isOpen = async (summary: Locator): Promise<boolean> =>
  (await summary.locator('xpath=..').getAttribute('open')) !== null
