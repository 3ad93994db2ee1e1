import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { VIEWPORTS, visit } from './support/browser'
import { setUpSite } from './support/site'

// A password never lands in a URL or in storage: sign-up and sign-in with JavaScript off, before
// the page's script has run, and offline.

const site = setUpSite()

const PASSWORD = 'copper kettle harbour 1907'
let serial = 0
const uniqueEmail = (tag: string) => `mary.${tag}.${Date.now()}.${serial++}@example.com`

const form = (page: Page, name: 'Sign up' | 'Sign in') => page.getByRole('form', { name })
const field = (page: Page, name: 'Sign up' | 'Sign in', label: string) =>
  form(page, name).getByLabel(label, { exact: true })

async function fillSignUp(page: Page, email: string) {
  await field(page, 'Sign up', 'Name').fill('Mary Jackson')
  await field(page, 'Sign up', 'Email').fill(email)
  await field(page, 'Sign up', 'Password').fill(PASSWORD)
}

async function fillSignIn(page: Page, email: string, password = PASSWORD) {
  await field(page, 'Sign in', 'Username').fill(email)
  await field(page, 'Sign in', 'Password').fill(password)
}

/** Creates an account through the API, as an earlier visit would have. */
async function createAccount(email: string) {
  const response = await fetch(`${site.url}/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mary Jackson', email, password: PASSWORD }),
  })
  expect(response.status).toBe(201)
}

/** Every address the tab's history received: each document it navigated to. */
function recordNavigations(page: Page): string[] {
  const urls: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url())
  })
  return urls
}

/** Who the browser's cookies sign in as, asked of the API with those cookies. */
async function signedInEmail(context: BrowserContext): Promise<string | null> {
  const response = await context.request.get(`${site.url}/api/auth/session`)
  if (response.status() !== 200) return null
  return (await response.json()).user.email
}

/** The password in any storage the page can write: none may hold it. */
const storedText = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`))
      .join('\n'),
  )

describe.each(VIEWPORTS)('forms at $name ($width×$height)', (viewport) => {
  describe('with JavaScript off', () => {
    const noScript = { javaScriptEnabled: false }

    it('signs up: a POST, home, signed in; no password or email in any address', async () => {
      const { page, context } = await site.open(viewport, noScript)
      await page.goto(`${site.url}/signup`)
      const navigations = recordNavigations(page)
      const email = uniqueEmail('nojs-up')
      await fillSignUp(page, email)
      const post = page.waitForRequest((r) => r.url().endsWith('/api/auth'))
      await form(page, 'Sign up').getByRole('button', { name: 'Submit' }).click()
      expect((await post).method()).toBe('POST')
      await page.waitForURL(`${site.url}/`)
      expect(await signedInEmail(context)).toBe(email)
      for (const url of navigations) {
        expect(url).not.toContain(encodeURIComponent(PASSWORD))
        expect(url).not.toContain('kettle')
        expect(url).not.toContain(encodeURIComponent(email))
      }
    })

    it('signs in: a POST, home, signed in; no password in any address', async () => {
      const email = uniqueEmail('nojs-in')
      await createAccount(email)
      const { page, context } = await site.open(viewport, noScript)
      await page.goto(`${site.url}/signin`)
      const navigations = recordNavigations(page)
      await fillSignIn(page, email)
      await form(page, 'Sign in').getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(`${site.url}/`)
      expect(await signedInEmail(context)).toBe(email)
      expect(navigations.join(' ')).not.toContain('kettle')
    })

    it('shows why a sign-in failed, on the page and in its title', async () => {
      const email = uniqueEmail('nojs-wrong')
      await createAccount(email)
      const { page, context } = await site.open(viewport, noScript)
      await page.goto(`${site.url}/signin`)
      await fillSignIn(page, email, 'not my kettle')
      await form(page, 'Sign in').getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(`${site.url}/signin?error=invalid_credentials`)
      const alert = form(page, 'Sign in').getByRole('alert')
      expect(await alert.textContent()).toBe(
        'Invalid username or password. Check both and try again.',
      )
      expect(await alert.isVisible()).toBe(true)
      expect(await page.title()).toBe('Error: Sign in — Coinvera')
      expect(await signedInEmail(context)).toBeNull()
    })

    it('shows why a sign-up failed: the address has an account', async () => {
      const email = uniqueEmail('nojs-taken')
      await createAccount(email)
      const { page } = await site.open(viewport, noScript)
      await page.goto(`${site.url}/signup`)
      await fillSignUp(page, email)
      await form(page, 'Sign up').getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(`${site.url}/signup?error=email_taken`)
      expect(await form(page, 'Sign up').getByRole('alert').textContent()).toMatch(
        /^An account with this email address already exists\./,
      )
      expect(await page.title()).toBe('Error: Sign up — Coinvera')
    })
  })

  it('signs in when the form is sent before the page’s script has run', async () => {
    const email = uniqueEmail('early')
    await createAccount(email)
    const { page, context } = await site.open(viewport)
    // A slow phone: the app's scripts have not arrived when the visitor presses Submit.
    await context.route('**/assets/*.js', () => {})
    await page.goto(`${site.url}/signin`, { waitUntil: 'domcontentloaded' })
    const navigations = recordNavigations(page)
    await fillSignIn(page, email)
    await form(page, 'Sign in').getByRole('button', { name: 'Submit' }).click()
    // The home page's `load` never comes either (its scripts are held too): the address is enough.
    await page.waitForURL(`${site.url}/`, { waitUntil: 'commit' })
    expect(await signedInEmail(context)).toBe(email)
    expect(navigations.join(' ')).not.toContain('kettle')
  })

  it('with its script, shows a message that came back in the address, without a hydration warning', async () => {
    const { page, problems } = await site.open(viewport)
    await visit(page, `${site.url}/signup?error=validation_failed`)
    const alert = form(page, 'Sign up').getByRole('alert')
    expect(await alert.textContent()).toMatch(/^Some details need attention/)
    // Focus goes to the message once the script runs, so it is read out.
    await expect
      .poll(() => alert.evaluate((element) => element === document.activeElement))
      .toBe(true)
    expect(problems).toEqual([])
  })

  describe('offline', () => {
    it('a sign-in says so within a second, stores nothing, and works once back online', async () => {
      const email = uniqueEmail('offline-in')
      await createAccount(email)
      const { page, context } = await site.open(viewport)
      await visit(page, `${site.url}/signin`)
      await fillSignIn(page, email)
      await context.setOffline(true)
      await form(page, 'Sign in').getByRole('button', { name: 'Submit' }).click()
      const alert = form(page, 'Sign in').getByRole('alert')
      await alert.waitFor({ timeout: 1000 })
      expect(await alert.textContent()).toContain(
        "You're offline — check your connection and try again.",
      )
      expect(await form(page, 'Sign in').getByRole('button', { name: 'Submit' }).isEnabled()).toBe(
        true,
      )
      expect(await storedText(page)).not.toContain('kettle')

      await context.setOffline(false)
      await alert.getByRole('button', { name: 'Try again' }).click()
      await page.getByRole('status').filter({ hasText: 'Welcome back, Mary Jackson' }).waitFor()
      expect(await signedInEmail(context)).toBe(email)
      expect(await storedText(page)).not.toContain('kettle')
    })

    it('a sign-up says so within a second, stores nothing, and works once back online', async () => {
      const email = uniqueEmail('offline-up')
      const { page, context } = await site.open(viewport)
      await visit(page, `${site.url}/signup`)
      await fillSignUp(page, email)
      await context.setOffline(true)
      await form(page, 'Sign up').getByRole('button', { name: 'Submit' }).click()
      const alert = form(page, 'Sign up').getByRole('alert')
      await alert.waitFor({ timeout: 1000 })
      expect(await alert.textContent()).toContain(
        "You're offline — check your connection and try again.",
      )
      expect(await storedText(page)).not.toContain('kettle')

      await context.setOffline(false)
      await alert.getByRole('button', { name: 'Try again' }).click()
      await page.getByRole('status').filter({ hasText: 'Welcome to Coinvera' }).waitFor()
      expect(await signedInEmail(context)).toBe(email)
    })
  })
})
