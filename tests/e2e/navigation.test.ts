import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { isOpen, menuButton, VIEWPORTS, visit } from './support/browser'
import { setUpSite } from './support/site'

const site = setUpSite()

const NAV_LINKS = [
  { name: 'Home', href: '/' },
  { name: 'Company', href: '/contact' },
  { name: 'About', href: '/contact' },
  { name: 'Pricing', href: '/crypto' },
  { name: 'Contact', href: '/contact' },
  { name: 'Sign Up', href: '/signup' },
  { name: 'Sign In', href: '/signin' },
] as const

/** In the phone menu only. */
const PHONE_TOOLS = [
  ['Watchlist', '/watchlist'],
  ['Portfolio', '/portfolio'],
  ['Converter', '/converter'],
] as const

/** Sign Up and Sign In bring the visitor back to the page they are on (home needs no return). */
const hrefOn = (link: (typeof NAV_LINKS)[number], page: string) =>
  link.href.startsWith('/sign') && page !== '/'
    ? `${link.href}?return=${encodeURIComponent(page)}`
    : link.href

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** Names of the main-nav links (brand included) that say they are the current page. */
async function currentLinks(page: Page): Promise<string[]> {
  return mainNav(page)
    .locator('a[aria-current="page"]')
    .evaluateAll((links) => links.map((link) => link.textContent?.trim() ?? ''))
}

/** On phones the links sit behind the menu button. */
async function openMenuIfPhone(page: Page, phone: boolean) {
  if (!phone) return
  await menuButton(page).click()
  await expect.poll(() => isOpen(menuButton(page))).toBe(true)
}

describe.each(VIEWPORTS)('navigation at $name ($width×$height)', (viewport) => {
  it('links the brand and every item to its page', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/contact`)
    const nav = mainNav(page)
    expect(await nav.getByRole('link', { name: 'Coinvera' }).getAttribute('href')).toBe('/')
    for (const link of NAV_LINKS) {
      // On phones the links are in the closed menu, hidden from the accessibility tree for now.
      const element = nav.getByRole('link', { name: link.name, exact: true, includeHidden: true })
      expect(await element.getAttribute('href')).toBe(hrefOn(link, '/contact'))
    }
  })

  it('follows each link and marks the current page with aria-current', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    // The brand links home too, so on the home page it is the current page as well.
    expect(await currentLinks(page)).toEqual(['Coinvera', 'Home'])
    const expected: Record<string, string[]> = {
      '/': ['Coinvera', 'Home'],
      // Company and About lead to the contact page too, but only Contact is it.
      '/contact': ['Contact'],
      '/crypto': ['Pricing'],
      '/signup': ['Sign Up'],
      '/signin': ['Sign In'],
    }
    for (const link of [...NAV_LINKS].reverse()) {
      await openMenuIfPhone(page, viewport.phone)
      await mainNav(page).getByRole('link', { name: link.name, exact: true }).click()
      await page.waitForURL((url) => url.pathname === link.href)
      await expect.poll(() => currentLinks(page)).toEqual(expected[link.href])
      if (viewport.phone) {
        // Following a link closes the phone menu.
        expect(await isOpen(menuButton(page))).toBe(false)
      }
    }
  })

  it('marks the page whatever its address asks, with JavaScript and without', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page } = await site.open(viewport, { javaScriptEnabled })
      const go = (url: string) => (javaScriptEnabled ? visit(page, url) : page.goto(url))
      await go(`${site.url}/crypto?currency=eur`)
      expect(await currentLinks(page), String(javaScriptEnabled)).toEqual(['Pricing'])
      await go(`${site.url}/contact`)
      expect(await currentLinks(page), String(javaScriptEnabled)).toEqual(['Contact'])
    }
  })

  it('takes the brand link home', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/signin`)
    await mainNav(page).getByRole('link', { name: 'Coinvera' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page
      .getByRole('heading', { level: 1, name: /better business with cryptocurrency/i })
      .waitFor()
  })

  if (viewport.phone) {
    it('collapses the links behind a menu that Escape closes, returning focus', async () => {
      const { page } = await site.open(viewport)
      await visit(page, `${site.url}/`)
      const button = menuButton(page)
      const home = mainNav(page).getByRole('link', { name: 'Home', exact: true })
      expect(await button.isVisible()).toBe(true)
      expect(await isOpen(button)).toBe(false)
      expect(await home.isVisible()).toBe(false)
      const menuId = await button.getAttribute('aria-controls')
      expect(menuId).toBeTruthy()

      // Keyboard only: focus the button, open with Enter, Tab into the menu.
      await button.focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => isOpen(button)).toBe(true)
      await home.waitFor({ state: 'visible' })
      for (const link of NAV_LINKS) {
        expect(
          await mainNav(page).getByRole('link', { name: link.name, exact: true }).isVisible(),
        ).toBe(true)
      }
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Home')
      expect(
        await page.evaluate(
          (id) => !!id && !!document.getElementById(id)?.contains(document.activeElement),
          menuId,
        ),
      ).toBe(true)

      await page.keyboard.press('Escape')
      await expect.poll(() => isOpen(button)).toBe(false)
      await home.waitFor({ state: 'hidden' })
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)

      // A pointer works too, and a second press closes it again.
      await button.click()
      await home.waitFor({ state: 'visible' })
      await button.click()
      await home.waitFor({ state: 'hidden' })
    })

    it("puts the visitor's tools side by side in the menu's last row, whole and in reach", async () => {
      const { page } = await site.open(viewport)
      await visit(page, `${site.url}/`)
      await menuButton(page).click()
      const contact = mainNav(page).getByRole('link', { name: 'Contact', exact: true })
      await contact.waitFor({ state: 'visible' })
      const below = (await contact.boundingBox())?.y ?? 0
      const tops = new Set<number>()
      for (const [name, href] of PHONE_TOOLS) {
        const link = mainNav(page).getByRole('link', { name, exact: true })
        expect(await link.getAttribute('href')).toBe(href)
        const box = await link.boundingBox()
        expect(box?.height, name).toBeGreaterThanOrEqual(44)
        expect(box?.y, name).toBeGreaterThan(below)
        tops.add(Math.round(box?.y ?? 0))
        // Whole: its text is not cut.
        expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
          true,
        )
      }
      expect(tops.size).toBe(1)
      await mainNav(page).getByRole('link', { name: 'Converter', exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/converter')
      expect(await isOpen(menuButton(page))).toBe(false)
    })
  } else {
    it('shows every link at once, without a menu button', async () => {
      const { page } = await site.open(viewport)
      await visit(page, `${site.url}/`)
      expect(await menuButton(page).isVisible()).toBe(false)
      for (const link of NAV_LINKS) {
        expect(
          await mainNav(page).getByRole('link', { name: link.name, exact: true }).isVisible(),
        ).toBe(true)
      }
      // The visitor's tools are the account menu's and the full list's at this width.
      for (const [name] of PHONE_TOOLS) {
        const link = mainNav(page).getByRole('link', { name, exact: true, includeHidden: true })
        expect(await link.isVisible(), name).toBe(false)
      }
    })
  }

  it('offers a skip link as the first tab stop, which moves focus to the main content', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/crypto`)
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    expect(await focused.textContent()).toBe('Skip to content')
    expect(await focused.getAttribute('href')).toBe('#main')
    const box = await focused.boundingBox()
    expect(box?.width ?? 0).toBeGreaterThan(20)
    expect(box?.height ?? 0).toBeGreaterThan(10)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
  })

  it('reaches the main links with the keyboard alone, each with a visible focus', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    const reached: string[] = []
    let invisibleFocus: string[] = []
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null
        if (!element || element === document.body) return null
        const style = getComputedStyle(element)
        const visible =
          element.matches(':focus-visible') &&
          ((style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
            style.boxShadow !== 'none')
        return {
          text: element.textContent?.trim() ?? '',
          tag: element.tagName,
          expanded: (element.parentElement as HTMLDetailsElement | null)?.open ?? false,
          visible,
        }
      })
      if (!focused) continue
      if (!focused.visible) invisibleFocus = [...invisibleFocus, focused.text]
      reached.push(focused.text)
      if (focused.tag === 'SUMMARY' && focused.text === 'Menu' && !focused.expanded) {
        await page.keyboard.press('Enter')
      }
      if (focused.text === 'Get Started') break
    }
    expect(reached).toEqual(
      expect.arrayContaining([
        'Skip to content',
        'Coinvera',
        ...NAV_LINKS.map((link) => link.name),
        'Get Started',
      ]),
    )
    expect(invisibleFocus).toEqual([])
  })

  it('follows a link with the keyboard', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    if (viewport.phone) {
      await menuButton(page).focus()
      await page.keyboard.press('Enter')
    }
    await mainNav(page).getByRole('link', { name: 'Pricing' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/crypto')
    await page.getByRole('heading', { level: 1, name: "Today's Cryptocurrency Prices" }).waitFor()
  })

  it('answers an unknown path with 404 and a friendly page that links home', async () => {
    const { page, problems } = await site.open(viewport)
    const url = `${site.url}/no-such-page`
    const response = await visit(page, url)
    expect(response?.status()).toBe(404)
    expect(await page.title()).toBe('Page not found — Coinvera')
    const headings = page.getByRole('heading', { level: 1 })
    expect(await headings.allTextContents()).toEqual(['Page not found'])
    const home = page.getByRole('link', { name: 'Back to the home page' })
    expect(await home.getAttribute('href')).toBe('/')
    await home.click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('heading', { level: 1, name: /better business/i }).waitFor()
    // Chromium reports the 404 document itself as a failed resource; that status is the point.
    expect(problems).toEqual([
      `console.error: Failed to load resource: the server responded with a status of 404 (Not Found) (${url})`,
    ])
  })

  it('shows the not-found page when the app itself navigates to an unknown path', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/contact`)
    await page.evaluate(() => {
      history.pushState({}, '', '/missing/deeper')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    await expect.poll(() => page.title()).toBe('Page not found — Coinvera')
  })
})
