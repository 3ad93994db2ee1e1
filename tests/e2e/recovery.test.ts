import { createServer } from 'node:net'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpSink, linkIn, startSmtpSink } from '../support/smtp'
import { runAxe, VIEWPORTS, visit } from './support/browser'
import { setUpSite } from './support/site'

// Forgot password, the emailed link, a new password and the account page, in Chromium, with every
// message caught by a real SMTP server in this process: with JavaScript and without.

const PASSWORD = 'lantern-harbour-copper-61'
const NEW_PASSWORD = 'meadow-violet-signal-28'
let serial = 0
const uniqueEmail = (tag: string) => `grace.${tag}.${Date.now()}.${serial++}@example.com`

let smtp: SmtpSink
let port = 0
beforeAll(async () => {
  smtp = await startSmtpSink()
  // The server's own port, known beforehand, so SITE_URL (which starts every emailed link) is
  // the address the browser uses.
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  port = (probe.address() as { port: number }).port
  await new Promise((resolve) => probe.close(resolve))
})
afterAll(async () => {
  await smtp?.stop()
})

const site = setUpSite({
  env: () => ({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url }),
})

async function createAccount(email: string) {
  const response = await fetch(`${site.url}/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Grace Hopper', email, password: PASSWORD }),
  })
  expect(response.status).toBe(201)
}

async function signedInEmail(context: BrowserContext): Promise<string | null> {
  const response = await context.request.get(`${site.url}/api/auth/session`)
  if (response.status() !== 200) return null
  return (await response.json()).user.email
}

/** Signs the browser in through the sign-in form: with the page's script once it has hydrated. */
async function signIn(page: Page, email: string, password: string, script = true) {
  if (script) await visit(page, `${site.url}/signin`)
  else await page.goto(`${site.url}/signin`)
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Username', { exact: true }).fill(email)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByRole('button', { name: 'Submit' }).click()
  await page.waitForURL(`${site.url}/`)
}

const noAxeViolations = async (page: Page) =>
  expect(JSON.stringify(await runAxe(page), null, 1)).toBe('[]')

describe.each(VIEWPORTS)('recovery and the account at $name ($width×$height)', (viewport) => {
  it('forgot password → the emailed link → a new password → sign in', async () => {
    const email = uniqueEmail('reset')
    await createAccount(email)
    const { page, context, problems } = await site.open(viewport)
    await visit(page, `${site.url}/signin`)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL(`${site.url}/forgot-password`)
    await noAxeViolations(page)
    await page.getByRole('form', { name: 'Forgot password' }).getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send me a link' }).click()
    await page.getByText('Check your email').waitFor()

    const link = linkIn(await smtp.mailTo(email, 1), '/reset-password')
    await visit(page, link.href)
    // Read once, then gone from the address bar (and so from history and any Referer): the page
    // replaces its address once it has run, which a loaded machine can delay past hydration.
    await page.waitForURL(`${site.url}/reset-password`)
    await noAxeViolations(page)
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.getByText('Your password was changed').waitFor()
    expect(await signedInEmail(context)).toBeNull()
    expect((await smtp.mailTo(email, 2)).subject).toBe('Your Coinvera password was changed')

    await page.getByRole('link', { name: 'Sign in' }).last().click()
    await page.waitForURL(`${site.url}/signin`)
    const form = page.getByRole('form', { name: 'Sign in' })
    await form.getByLabel('Username', { exact: true }).fill(email)
    await form.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
    await form.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL(`${site.url}/`)
    expect(await signedInEmail(context)).toBe(email)
    expect(problems).toEqual([])
  })

  it('the account page: verify by the emailed link, change the password, delete the account', async () => {
    const email = uniqueEmail('account')
    await createAccount(email)
    const { page, context, problems } = await site.open(viewport)
    await signIn(page, email, PASSWORD)
    await visit(page, `${site.url}/account`)
    await page.getByText('Not confirmed yet').waitFor()
    await noAxeViolations(page)

    await visit(page, linkIn(await smtp.mailTo(email), '/verify-email').href)
    await page.waitForURL(`${site.url}/verify-email`)
    await page.getByRole('button', { name: 'Confirm my email address' }).click()
    await page.getByText('Your email address is confirmed').waitFor()
    await page.getByRole('link', { name: 'Go to your account' }).click()
    await page.getByText('✓ Confirmed').waitFor()

    const change = page.getByRole('form', { name: 'Change password' })
    await change.getByLabel('Current password').fill(PASSWORD)
    await change.getByLabel('New password').fill(NEW_PASSWORD)
    await change.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('Your password was changed.').waitFor()
    expect(await signedInEmail(context)).toBe(email)

    const remove = page.getByRole('form', { name: 'Delete account' })
    await remove.getByLabel('Your password').fill(PASSWORD)
    await remove.getByRole('button', { name: 'Delete my account' }).click()
    await remove.getByText('That password is not right.').waitFor()
    await remove.getByLabel('Your password').fill(NEW_PASSWORD)
    await remove.getByRole('button', { name: 'Delete my account' }).click()
    await page.getByText('Your account was deleted.').waitFor()
    expect(await signedInEmail(context)).toBeNull()
    await noAxeViolations(page)
    // The address can sign up again.
    await createAccount(email)
    // Only the wrong password's answer, which the browser reports as a failed load.
    expect(problems).toEqual([expect.stringMatching(/status of 403 .*\/api\/account\)$/)])
  })

  describe('with JavaScript off', () => {
    const noScript = { javaScriptEnabled: false }

    it('forgot password and the emailed link work as plain forms, the token never in an address', async () => {
      const email = uniqueEmail('nojs-reset')
      await createAccount(email)
      const { page, context } = await site.open(viewport, noScript)
      const navigations: string[] = []
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url())
      })
      await page.goto(`${site.url}/forgot-password`)
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Send me a link' }).click()
      await page.waitForURL(`${site.url}/forgot-password?done=sent`)
      await page.getByText('Check your email').waitFor()

      const link = linkIn(await smtp.mailTo(email, 1), '/reset-password')
      const token = link.searchParams.get('token') ?? ''
      const opened = await page.goto(link.href)
      expect(opened?.headers()['referrer-policy']).toBe('no-referrer')
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
      const post = page.waitForRequest((r) => r.url().endsWith('/api/auth/password-reset/confirm'))
      await page.getByRole('button', { name: 'Save the new password' }).click()
      expect((await post).postData()).toContain(`token=${token}`)
      await page.waitForURL(`${site.url}/reset-password?done=changed`)
      await page.getByText('Your password was changed').waitFor()
      expect(await signedInEmail(context)).toBeNull()
      // The emailed link is the only address that held the token.
      expect(navigations.filter((url) => url.includes(token))).toEqual([link.href])
    })

    it('the account page: change the password, then delete the account', async () => {
      const email = uniqueEmail('nojs-account')
      await createAccount(email)
      const { page, context } = await site.open(viewport, noScript)
      await signIn(page, email, PASSWORD, false)
      await page.goto(`${site.url}/account`)
      const change = page.getByRole('form', { name: 'Change password' })
      await change.getByLabel('Current password').fill(PASSWORD)
      await change.getByLabel('New password').fill(NEW_PASSWORD)
      await change.getByRole('button', { name: 'Change password' }).click()
      await page.waitForURL(`${site.url}/account?done=password_changed`)
      await page.getByText('Your password was changed.').waitFor()
      expect(await signedInEmail(context)).toBe(email)

      const remove = page.getByRole('form', { name: 'Delete account' })
      await remove.getByLabel('Your password').fill(NEW_PASSWORD)
      await remove.getByRole('button', { name: 'Delete my account' }).click()
      await page.waitForURL(`${site.url}/account?done=deleted`)
      await page.getByText('Your account was deleted.').waitFor()
      expect(await signedInEmail(context)).toBeNull()
    })
  })
})
