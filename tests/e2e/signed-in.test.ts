import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  accountButton,
  isOpen,
  menuButton,
  runAxe,
  VIEWPORTS,
  visit,
  waitForHydration,
} from './support/browser'
import { setUpSite } from './support/site'

// Issue 27 §4: the header, the page and the server agree on who is signed in, with JavaScript
// and without, at both widths.

const site = setUpSite()
const PASSWORD = 'analytical engine 1843'

let serial = 0
/** A new account (not signed in in `context`): its email. */
async function newAccount(context: BrowserContext, name: string): Promise<string> {
  const email = `ada.${Date.now()}.${serial++}@example.com`
  const response = await context.request.post(`${site.url}/api/auth`, {
    data: { name, email, password: PASSWORD },
    headers: { Origin: site.url },
  })
  expect(response.status()).toBe(201)
  // Sign-up signs in; these tests sign in through the page.
  await context.clearCookies()
  return email
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

async function openPhoneMenu(page: Page, phone: boolean) {
  if (phone && !(await isOpen(menuButton(page)))) await menuButton(page).click()
}

/** Fills and sends the sign-in form of the page the browser is on. */
async function signInOnPage(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Username').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Submit' }).click()
}

describe.each(VIEWPORTS)('signed-in states at $name ($width×$height)', (viewport) => {
  it('signing out everywhere leaves no signed-in text, and says so', async () => {
    const { page, context, problems } = await site.open(viewport)
    const email = await newAccount(context, 'Ada Lovelace')
    await visit(page, `${site.url}/signin`)
    await signInOnPage(page, email)
    const welcome = page.getByText('Welcome back, Ada Lovelace! You are signed in.')
    await welcome.waitFor()

    await openPhoneMenu(page, viewport.phone)
    await accountButton(page).click()
    expect(await runAxe(page)).toEqual([])
    // The menu leads to what the account holds.
    const alerts = nav(page).getByRole('link', { name: 'Price alerts' })
    expect(await alerts.isVisible()).toBe(true)
    expect(await alerts.getAttribute('href')).toBe('/account/alerts')
    await nav(page).getByRole('button', { name: 'Sign out everywhere' }).click()
    await nav(page).getByRole('link', { name: 'Sign In' }).waitFor()
    expect(await welcome.count()).toBe(0)
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, not what closed menus hold.
    expect(await page.locator('body').innerText()).not.toMatch(/signed in|Ada Lovelace/i)
    // Said to screen readers in a live region.
    expect(await nav(page).getByRole('status').textContent()).toBe('You are signed out.')
    expect(await runAxe(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it.each([
    { path: '/account', button: 'Sign out' },
    { path: '/account/alerts', button: 'Sign out everywhere' },
  ])(
    'signing out on $path shows the sign-in page, which says so, and none of the account',
    async ({ path, button }) => {
      const { page, context, problems } = await site.open(viewport)
      const email = await newAccount(context, 'Ada Lovelace')
      await visit(page, `${site.url}/signin?return=${encodeURIComponent(path)}`)
      await signInOnPage(page, email)
      await page.waitForURL(`${site.url}${path}`)
      const main = page.getByRole('main')
      // The page shows the account's own data before the sign-out.
      const mine = path === '/account' ? main.getByText(email) : main.getByText('No alerts yet')
      await mine.waitFor()

      await openPhoneMenu(page, viewport.phone)
      await accountButton(page).click()
      await nav(page).getByRole('button', { name: button, exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/signin')
      expect(new URL(page.url()).searchParams.get('return')).toBe(path)
      const note = main.getByRole('status')
      await note.waitFor()
      expect(await note.textContent()).toBe('You are signed out.')
      expect(await note.isVisible()).toBe(true)
      // Nothing covers it: the phone menu closed, as for any new page.
      if (viewport.phone) expect(await isOpen(menuButton(page))).toBe(false)
      expect(await main.getByRole('form', { name: 'Sign in' }).isVisible()).toBe(true)
      // biome-ignore lint/performance/useDomNodeTextContent: the text as shown.
      const shown = await page.locator('body').innerText()
      expect(shown).not.toContain(email)
      expect(shown).not.toMatch(/Ada Lovelace|Change password|Delete account|No alerts yet/)
      // Back does not bring the account's page up again.
      await page.goBack()
      // biome-ignore lint/performance/useDomNodeTextContent: the text as shown.
      expect(await page.locator('body').innerText()).not.toContain(email)
      expect(await runAxe(page)).toEqual([])
      expect(problems).toEqual([])
    },
  )

  it('/signin while signed in shows the signed-in state, not an empty form card', async () => {
    const { page, context, problems } = await site.open(viewport)
    const email = await newAccount(context, 'Ada Lovelace')
    await visit(page, `${site.url}/signin`)
    await signInOnPage(page, email)
    await page.waitForURL(`${site.url}/`)
    for (const path of ['/signin', '/signup']) {
      await visit(page, `${site.url}${path}`)
      const main = page.getByRole('main')
      await main.getByRole('heading', { level: 1, name: "You're signed in" }).waitFor()
      expect(await main.getByText('Create your account').count()).toBe(0)
      expect(
        await main.getByRole('link', { name: 'Go to your account' }).getAttribute('href'),
      ).toBe('/account')
      expect(await main.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true)
      expect(await runAxe(page)).toEqual([])
    }
    expect(problems).toEqual([])
  })

  it('signing in from /crypto returns to /crypto', async () => {
    const { page, context, problems } = await site.open(viewport)
    const email = await newAccount(context, 'Ada Lovelace')
    await visit(page, `${site.url}/crypto?currency=eur`)
    await openPhoneMenu(page, viewport.phone)
    await nav(page).getByRole('link', { name: 'Sign In' }).click()
    await page.waitForURL((url) => url.pathname === '/signin')
    await signInOnPage(page, email)
    await page.waitForURL(`${site.url}/crypto?currency=eur`)
    await page.getByText('Welcome back, Ada Lovelace! You are signed in.').waitFor()
    expect(problems).toEqual([])
  })

  it('a sign-in page asked to return elsewhere goes home', async () => {
    const { page, context } = await site.open(viewport)
    const email = await newAccount(context, 'Ada Lovelace')
    await visit(page, `${site.url}/signin?return=${encodeURIComponent('//evil.example/x')}`)
    await signInOnPage(page, email)
    await page.waitForURL(`${site.url}/`)
  })

  // axe runs in the page's own world, which is off here: the same menus open with JavaScript
  // are checked above.
  describe('without JavaScript', () => {
    const noScript = () => site.open(viewport, { javaScriptEnabled: false })

    it('a sign-in page asked to return to another host by dot segments shows its form', async () => {
      const { page, context } = await noScript()
      const email = await newAccount(context, 'Ada Lovelace')
      await page.goto(`${site.url}/signin?return=${encodeURIComponent('/.//evil.example/phish')}`)
      await signInOnPage(page, email)
      await page.waitForURL(`${site.url}/`)
    })

    it('signs in, shows the signed-in header, and signs out from the account menu', async () => {
      const { page, context } = await noScript()
      const email = await newAccount(context, 'Ada Lovelace')
      await page.goto(`${site.url}/crypto`)
      await openPhoneMenu(page, viewport.phone)
      await nav(page).getByRole('link', { name: 'Sign In' }).click()
      await signInOnPage(page, email)
      // Back where the visitor was, the header rendered for them by the server.
      await page.waitForURL(`${site.url}/crypto`)
      await openPhoneMenu(page, viewport.phone)
      expect(await accountButton(page).textContent()).toContain('Ada Lovelace')
      expect(await nav(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0)
      await accountButton(page).click()
      expect(await isOpen(accountButton(page))).toBe(true)
      // Once at every width: the phone menu's own link, or the account menu's above it.
      expect(await nav(page).getByRole('link', { name: 'Watchlist' }).count()).toBe(1)
      await nav(page).getByRole('button', { name: 'Sign out', exact: true }).click()
      await page.waitForURL(`${site.url}/signin?signed_out=true`)
      expect(await page.getByRole('main').getByRole('status').textContent()).toBe(
        'You are signed out.',
      )
      // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, not what closed menus hold.
      expect(await page.locator('body').innerText()).not.toContain('Ada Lovelace')
      await page.goto(`${site.url}/crypto`)
      await openPhoneMenu(page, viewport.phone)
      await nav(page).getByRole('link', { name: 'Sign In' }).waitFor()
    })

    if (viewport.phone) {
      it('opens the phone menu', async () => {
        const { page } = await noScript()
        await page.goto(`${site.url}/`)
        const home = nav(page).getByRole('link', { name: 'Home', exact: true })
        expect(await home.isVisible()).toBe(false)
        await menuButton(page).click()
        await home.waitFor({ state: 'visible' })
        expect(await nav(page).getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true)
        await menuButton(page).click()
        await home.waitFor({ state: 'hidden' })
      })
    }
  })

  it('the signed-in page hydrates as the server drew it', async () => {
    const { page, context, problems } = await site.open(viewport)
    const email = await newAccount(context, 'Ada Lovelace')
    await visit(page, `${site.url}/signin`)
    await signInOnPage(page, email)
    await page.waitForURL(`${site.url}/`)
    await page.reload({ waitUntil: 'load' })
    await waitForHydration(page)
    await openPhoneMenu(page, viewport.phone)
    expect(await accountButton(page).textContent()).toContain('Ada Lovelace')
    // No hydration mismatch (React reports one as a console error).
    expect(problems).toEqual([])
  })
})

// The price lists' pages carry only the stylesheet every page needs in their HTML; the rest of the
// site's CSS arrives after the first paint, before the app starts (src/boot/stylesheets.ts).
describe("the price lists' pages and the other pages' stylesheet", () => {
  /** The class names a stylesheet's selectors name. */
  const classesIn = (css: string) =>
    new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] as string))
  const inlineCss = (html: string) =>
    [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('')
  const OTHER_PAGES = /\/assets\/other-pages-[\w-]+\.css/

  it('need none of it in their HTML signed out, link it first signed in, and other pages carry it whole', async () => {
    // Without JavaScript: what is styled is styled by the HTML alone.
    const { context, page } = await site.open(VIEWPORTS[0], { javaScriptEnabled: false })
    const get = async (path: string) => (await context.request.get(site.url + path)).text()
    const href = (await get('/')).match(OTHER_PAGES)?.[0]
    expect(href).toBeDefined()
    const other = classesIn(await get(href as string))
    expect(other.has('field__input')).toBe(true)

    const missing = (html: string) => {
      const inline = classesIn(inlineCss(html))
      const used = [...html.matchAll(/class="([^"]*)"/g)].flatMap((match) =>
        (match[1] as string).split(/\s+/),
      )
      return [...new Set(used)].filter((name) => other.has(name) && !inline.has(name))
    }
    const linkedInHead = (html: string) =>
      html.slice(0, html.indexOf('</head>')).includes(`<link rel="stylesheet" href="${href}"`)
    for (const path of ['/', '/crypto']) {
      const html = await get(path)
      expect(missing(html), path).toEqual([])
      expect(linkedInHead(html), path).toBe(false)
    }
    const signup = await get('/signup')
    expect(signup).not.toMatch(OTHER_PAGES)
    expect([...other].filter((name) => !classesIn(inlineCss(signup)).has(name))).toEqual([])

    // Signed in: the header's account menu is on the lists' pages too, styled by the stylesheet
    // the page links in its head, before its first paint.
    const response = await context.request.post(`${site.url}/api/auth`, {
      data: {
        name: 'Ada Lovelace',
        email: `ada.css.${Date.now()}@example.com`,
        password: PASSWORD,
      },
      headers: { Origin: site.url },
    })
    expect(response.status()).toBe(201)
    for (const path of ['/', '/crypto']) {
      const html = await get(path)
      expect(html, path).toContain('Ada Lovelace')
      expect(missing(html), path).toContain('account-menu__toggle')
      expect(linkedInHead(html), path).toBe(true)
      await page.goto(site.url + path)
      const toggle = page.locator('.account-menu__toggle')
      expect(await toggle.evaluate((element) => getComputedStyle(element).minHeight), path).toBe(
        '44px',
      )
    }
  })

  it('has arrived before the app starts: a page opened from / is styled as when loaded', async () => {
    const { page, problems } = await site.open(VIEWPORTS[0])
    const requested: string[] = []
    page.on('request', (request) => {
      if (OTHER_PAGES.test(request.url())) requested.push(request.url())
    })
    const field = page.getByLabel('Email')
    const look = () =>
      field.evaluate((input) => {
        const style = getComputedStyle(input)
        return [style.borderTopLeftRadius, style.paddingLeft, style.backgroundColor, style.height]
      })
    await visit(page, `${site.url}/signup`)
    const loaded = await look()
    expect(requested).toEqual([])

    await visit(page, `${site.url}/`)
    expect(await page.locator('link[rel="stylesheet"][data-settled]').count()).toBe(1)
    await page.getByRole('link', { name: 'Get Started' }).click()
    await page.waitForURL(`${site.url}/signup`)
    await field.waitFor()
    expect(await look()).toEqual(loaded)
    expect(requested).toHaveLength(1)
    expect(problems).toEqual([])
  })
})
