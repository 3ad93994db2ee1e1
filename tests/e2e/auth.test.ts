import type { Page } from 'playwright-core'
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

const site = setUpSite()

let serial = 0
/** A fresh address per test: the database lives as long as this file's server. */
const uniqueEmail = (tag: string) => `ada.${tag}.${Date.now()}.${serial++}@example.com`

type Values = { name: string; email: string; password: string; phoneNumber: string }

const form = (page: Page) => page.getByRole('form', { name: 'Sign up' })
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true })

async function fill(page: Page, values: Values) {
  await field(page, 'Name').fill(values.name)
  await field(page, 'Email').fill(values.email)
  await field(page, 'Password').fill(values.password)
  await field(page, 'Phone Number').fill(values.phoneNumber)
}

async function valuesOf(page: Page): Promise<Values> {
  return {
    name: await field(page, 'Name').inputValue(),
    email: await field(page, 'Email').inputValue(),
    password: await field(page, 'Password').inputValue(),
    phoneNumber: await field(page, 'Phone Number').inputValue(),
  }
}

/** The error shown next to a field, found through its aria-describedby, or null. */
async function errorOf(page: Page, label: string): Promise<string | null> {
  return field(page, label).evaluate((input) => {
    if (input.getAttribute('aria-invalid') !== 'true') return null
    const ids = input.getAttribute('aria-describedby')?.split(/\s+/) ?? []
    const messages = ids
      .map((id) => document.getElementById(id))
      .filter((element) => element?.className.includes('error'))
      .map((element) => element?.textContent?.replace('⚠', '').trim())
    // Next to the field: inside the same field wrapper.
    const wrapper = input.closest('.field')
    const inWrapper = ids.every((id) => {
      const element = document.getElementById(id)
      return !element || wrapper?.contains(element)
    })
    return inWrapper ? messages.join(' ') || null : 'error outside its field'
  })
}

/** Opens the phone menu when the navigation is collapsed (375 px), so its items are visible. */
async function openMenu(page: Page) {
  const toggle = menuButton(page)
  if ((await toggle.isVisible()) && !(await isOpen(toggle))) {
    await toggle.click()
  }
}

/** Opens the account menu: the signed-in user's name, which holds Sign out and Sign out everywhere. */
async function openAccountMenu(page: Page) {
  await openMenu(page)
  await accountButton(page).click()
}

/** The name the navigation bar shows for the signed-in user (waits for it). */
async function signedInName(page: Page): Promise<string | null> {
  const user = page.getByRole('navigation', { name: 'Main' }).locator('.nav-bar__user')
  await user.waitFor({ state: 'attached' })
  return (await user.textContent())?.replace('Signed in as ', '').trim() ?? null
}

/** Signed out: no user in the navigation bar, and Sign In offered. */
async function isSignedOut(page: Page): Promise<boolean> {
  const nav = page.getByRole('navigation', { name: 'Main' })
  return (
    (await nav.locator('.nav-bar__user').count()) === 0 &&
    // By selector: on phones the menu is closed, and hidden links have no role to find.
    (await nav.locator('a[href^="/signin"]').count()) === 1
  )
}

const submit = (page: Page) => form(page).getByRole('button', { name: /^(Submit|Submitting…)$/ })

function someone(tag: string): Values {
  return {
    name: 'Ada Lovelace',
    email: uniqueEmail(tag),
    password: 'analytical engine 1843',
    phoneNumber: '+44 20 7946 0958',
  }
}

describe.each(VIEWPORTS)('sign-up and sign-in at $name ($width×$height)', (viewport) => {
  it('labels every field with the right type, autocomplete and a password toggle', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/signup`)
    const attributes = async (label: string) =>
      field(page, label).evaluate((input) => ({
        type: input.getAttribute('type'),
        autocomplete: input.getAttribute('autocomplete'),
        inputmode: input.getAttribute('inputmode'),
      }))
    expect(await attributes('Name')).toEqual({
      type: 'text',
      autocomplete: 'name',
      inputmode: null,
    })
    expect(await attributes('Email')).toEqual({
      type: 'email',
      autocomplete: 'email',
      inputmode: null,
    })
    expect(await attributes('Password')).toEqual({
      type: 'password',
      autocomplete: 'new-password',
      inputmode: null,
    })
    expect(await attributes('Phone Number')).toEqual({
      type: 'tel',
      autocomplete: 'tel',
      inputmode: 'tel',
    })
    const toggle = form(page).getByRole('button', { name: 'Show password' })
    await field(page, 'Password').fill('secret words')
    await toggle.click()
    expect(await field(page, 'Password').getAttribute('type')).toBe('text')
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await toggle.click()
    expect(await field(page, 'Password').getAttribute('type')).toBe('password')
    expect(await field(page, 'Password').inputValue()).toBe('secret words')
    expect(await form(page).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/signin',
    )
    expect(await form(page).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe(
      '/',
    )
  })

  it('checks fields on blur and on submit, next to each field, without sending', async () => {
    const { page } = await site.open(viewport)
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/auth')) posts.push(request.method())
    })
    await visit(page, `${site.url}/signup`)
    await field(page, 'Email').fill('not-an-email')
    await field(page, 'Email').blur()
    expect(await errorOf(page, 'Email')).toBe('Enter a valid email address, like name@example.com.')

    await submit(page).click()
    expect(await errorOf(page, 'Name')).toBe('Enter your name.')
    expect(await errorOf(page, 'Password')).toBe('Use at least 8 characters.')
    expect(await errorOf(page, 'Phone Number')).toBeNull()
    // Focus goes to the first field in error.
    expect(await field(page, 'Name').evaluate((el) => el === document.activeElement)).toBe(true)
    // Fixing a field clears its error as the visitor types.
    await field(page, 'Email').fill('ada@example.com')
    expect(await errorOf(page, 'Email')).toBeNull()
    expect(posts).toEqual([])
  })

  it('posts the exact JSON body, then goes home signed in (201)', async () => {
    const { page, context, problems } = await site.open(viewport)
    const values = someone('created')
    // Hold the request a moment so the pending state can be seen; the real server answers it.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await context.route('**/api/auth', async (route) => {
      await held
      await route.continue()
    })
    await visit(page, `${site.url}/signup`)
    await fill(page, values)
    const request = page.waitForRequest((r) => r.url().endsWith('/api/auth'))
    const response = page.waitForResponse((r) => r.url().endsWith('/api/auth'))
    await submit(page).click()
    const sent = await request
    expect(sent.method()).toBe('POST')
    expect(sent.headers()['content-type']).toMatch(/^application\/json/)
    expect(sent.postDataJSON()).toEqual(values)

    // Pending: the button is disabled and says so.
    await expect.poll(() => submit(page).textContent()).toBe('Submitting…')
    expect(await submit(page).isDisabled()).toBe(true)
    release()

    expect((await response).status()).toBe(201)
    // Signed in at once: home, with a welcome, and the name in the navigation bar.
    const welcome = page.getByRole('status').filter({ hasText: 'Welcome to Coinvera' })
    await welcome.waitFor()
    expect(await welcome.textContent()).toContain('Ada Lovelace')
    expect(await welcome.textContent()).toContain(
      `We sent a confirmation email to ${values.email}: open its link to confirm your address`,
    )
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await signedInName(page)).toBe('Ada Lovelace')
    expect(problems).toEqual([])
  })

  it('says an account exists for a taken email (409), keeping every input', async () => {
    const { page } = await site.open(viewport)
    const values = someone('taken')
    const created = await fetch(`${site.url}/api/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...values, name: 'First Ada' }),
    })
    expect(created.status).toBe(201)

    await visit(page, `${site.url}/signup`)
    // The same address in other letter case is the same account.
    const again = { ...values, email: values.email.toUpperCase() }
    await fill(page, again)
    const response = page.waitForResponse((r) => r.url().endsWith('/api/auth'))
    await submit(page).click()
    expect((await response).status()).toBe(409)
    await expect
      .poll(() => errorOf(page, 'Email'))
      .toBe('An account with this email already exists.')
    expect(await valuesOf(page)).toEqual(again)
    expect(await field(page, 'Email').evaluate((el) => el === document.activeElement)).toBe(true)
    // Leaving the field without changing it keeps the server's message.
    await page.keyboard.press('Tab')
    expect(await errorOf(page, 'Email')).toBe('An account with this email already exists.')
  })

  it("puts the server's field messages next to the fields (400), keeping every input", async () => {
    const { page, context } = await site.open(viewport)
    const values = someone('invalid')
    // The form checks the same schema, so the browser never sends what the server refuses.
    // Rewrite the body on its way out, and let the real server judge it.
    await context.route('**/api/auth', (route) =>
      route.continue({
        postData: JSON.stringify({ ...values, email: 'no-at-sign', phoneNumber: '12' }),
      }),
    )
    await visit(page, `${site.url}/signup`)
    await fill(page, values)
    const response = page.waitForResponse((r) => r.url().endsWith('/api/auth'))
    await submit(page).click()
    const answer = await response
    expect(answer.status()).toBe(400)
    const body = await answer.json()
    expect(body.error).toBe('validation_failed')
    const messages = Object.fromEntries(
      (body.issues as { field: string; message: string }[]).map((i) => [i.field, i.message]),
    )
    await expect.poll(() => errorOf(page, 'Email')).toBe(messages.email)
    expect(await errorOf(page, 'Phone Number')).toBe(messages.phoneNumber)
    expect(await errorOf(page, 'Name')).toBeNull()
    expect(await valuesOf(page)).toEqual(values)
  })

  it('says when the network fails, keeps the input, and Try again succeeds', async () => {
    const { page, context } = await site.open(viewport)
    const values = someone('offline')
    await context.route('**/api/auth', (route) => route.abort('internetdisconnected'))
    await visit(page, `${site.url}/signup`)
    await fill(page, values)
    await submit(page).click()
    const alert = form(page).getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/couldn't reach Coinvera/i)
    expect(await valuesOf(page)).toEqual(values)
    expect(await submit(page).isDisabled()).toBe(false)

    await context.unroute('**/api/auth')
    const response = page.waitForResponse((r) => r.url().endsWith('/api/auth'))
    await alert.getByRole('button', { name: 'Try again' }).click()
    expect((await response).status()).toBe(201)
    await page.getByRole('status').filter({ hasText: 'Welcome to Coinvera' }).waitFor()
  })

  it('signs in without reloading the page', async () => {
    const { page } = await site.open(viewport)
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await visit(page, `${site.url}/signin`)
    expect(documents).toHaveLength(1)
    const signIn = page.getByRole('form', { name: 'Sign in' })
    expect(await signIn.getByLabel('Username', { exact: true }).getAttribute('autocomplete')).toBe(
      'username',
    )
    expect(await signIn.getByLabel('Password', { exact: true }).getAttribute('type')).toBe(
      'password',
    )
    expect(
      await signIn.getByRole('link', { name: /create an account/i }).getAttribute('href'),
    ).toBe('/signup')
    expect(await signIn.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/')
    await page.evaluate(() => {
      ;(window as unknown as { marker: string }).marker = 'still here'
    })
    await signIn.getByLabel('Username', { exact: true }).fill('nobody@example.com')
    await signIn.getByLabel('Password', { exact: true }).fill('analytical engine 1843')
    const first = page.waitForResponse((r) => r.url().endsWith('/api/auth/session'))
    await signIn.getByRole('button', { name: 'Submit' }).click()
    expect((await first).status()).toBe(401)
    await signIn.getByRole('alert').waitFor()
    // Enter in a field submits too.
    await signIn.getByLabel('Password', { exact: true }).fill('another guess')
    const second = page.waitForResponse((r) => r.url().endsWith('/api/auth/session'))
    await signIn.getByLabel('Password', { exact: true }).press('Enter')
    expect((await second).status()).toBe(401)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'still here',
    )
    expect(new URL(page.url()).pathname).toBe('/signin')
    expect(new URL(page.url()).search).toBe('')
    expect(documents).toHaveLength(1)
    expect(await signIn.getByLabel('Username', { exact: true }).inputValue()).toBe(
      'nobody@example.com',
    )
  })

  it('keeps a session: sign up, reload, sign out, a wrong password, then sign in', async () => {
    const { page, problems } = await site.open(viewport)
    const values = someone('session')
    await visit(page, `${site.url}/signup`)
    await fill(page, values)
    await submit(page).click()
    await page.getByRole('status').filter({ hasText: 'Welcome to Coinvera' }).waitFor()
    expect(await signedInName(page)).toBe('Ada Lovelace')

    // A reload (the prerendered page, then the session query) keeps the visitor signed in.
    await page.reload({ waitUntil: 'load' })
    await waitForHydration(page)
    expect(await signedInName(page)).toBe('Ada Lovelace')
    // The welcome is said once, not again after a reload.
    expect(await page.getByText(/welcome to coinvera, ada/i).count()).toBe(0)
    // The session cookie is out of reach of the page's scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain('coinvera_session')

    // Sign out: the links come back, on this page and after a reload.
    await openAccountMenu(page)
    const signOut = page.getByRole('button', { name: 'Sign out', exact: true })
    const out = page.waitForResponse((r) => r.url().endsWith('/api/auth/session'))
    await signOut.click()
    expect((await out).status()).toBe(204)
    await page.getByRole('link', { name: 'Sign In' }).waitFor()
    await page.reload({ waitUntil: 'load' })
    await waitForHydration(page)
    expect(await isSignedOut(page)).toBe(true)

    // A wrong password: an error, still signed out.
    await openMenu(page)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sign In' })
      .click()
    const signIn = page.getByRole('form', { name: 'Sign in' })
    await signIn.waitFor()
    await signIn.getByLabel('Username', { exact: true }).fill(values.email.toUpperCase())
    await signIn.getByLabel('Password', { exact: true }).fill('not my password')
    await signIn.getByRole('button', { name: 'Submit' }).click()
    const alert = signIn.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/invalid username or password/i)
    expect(new URL(page.url()).pathname).toBe('/signin')

    // The right one: home, welcomed back, signed in.
    await signIn.getByLabel('Password', { exact: true }).fill(values.password)
    await signIn.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('status').filter({ hasText: 'Welcome back, Ada Lovelace' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await signedInName(page)).toBe('Ada Lovelace')
    // The one console message is the browser's own line for the wrong password's 401.
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/401.*\/api\/auth\/session/)
  })
  it('Sign out everywhere ends the session on the other device too', async () => {
    const values = someone('everywhere')
    // The laptop: signed up a while ago (through the API, sharing this context's cookies).
    const laptop = await site.open(viewport)
    const created = await laptop.context.request.post(`${site.url}/api/auth`, {
      data: { name: values.name, email: values.email, password: values.password },
    })
    expect(created.status()).toBe(201)
    await visit(laptop.page, `${site.url}/contact`)
    expect(await signedInName(laptop.page)).toBe('Ada Lovelace')

    // The phone: signs in with the form, then signs out everywhere from the account menu.
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/signin`)
    const signIn = page.getByRole('form', { name: 'Sign in' })
    await signIn.getByLabel('Username', { exact: true }).fill(values.email)
    await signIn.getByLabel('Password', { exact: true }).fill(values.password)
    await signIn.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('status').filter({ hasText: 'Welcome back, Ada Lovelace' }).waitFor()
    await openAccountMenu(page)
    expect(await runAxe(page)).toEqual([])
    const everywhere = page.getByRole('button', { name: 'Sign out everywhere' })
    const out = page.waitForResponse((r) => r.url().endsWith('/api/auth/sessions'))
    await everywhere.click()
    expect((await out).status()).toBe(204)
    await page.getByRole('link', { name: 'Sign In' }).waitFor()

    // The laptop finds itself signed out at its next page load.
    await laptop.page.reload({ waitUntil: 'load' })
    await waitForHydration(laptop.page)
    await expect.poll(() => isSignedOut(laptop.page)).toBe(true)
  })
})
