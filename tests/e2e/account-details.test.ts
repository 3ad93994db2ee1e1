import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { type OutboxMessage, readOutbox } from '../../scripts/outbox'
import { accountButton, runAxe, VIEWPORTS, visit } from './support/browser'
import { setUpSite } from './support/site'

// The account page's details in Chromium: editing the name and phone number, and changing the
// address through the link read from the outbox (the server writes its mail there without
// SMTP_URL, as `npm start` does), with JavaScript and without.

const PASSWORD = 'lantern-harbour-copper-61'
let serial = 0
const uniqueEmail = (tag: string) => `grace.${tag}.${Date.now()}.${serial++}@example.com`

let port = 0
beforeAll(async () => {
  // The server's own port, known beforehand, so SITE_URL (which starts every emailed link) is
  // the address the browser uses.
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  port = (probe.address() as { port: number }).port
  await new Promise((resolve) => probe.close(resolve))
})

const site = setUpSite({
  env: () => ({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` }),
})

/** The message to `to` with this subject, once the server has written it to the outbox. */
async function outboxMail(to: string, subject: string): Promise<OutboxMessage> {
  for (;;) {
    // Listening before reading: a message written in between wakes the loop.
    const written = site.server.nextLine((line) => line.includes('mail written to the outbox'))
    const messages = await readOutbox(join(site.server.dataDir, 'outbox'))
    const found = messages.find((m) => m.to.includes(to) && m.subject === subject)
    if (found) return found
    await written
  }
}

const linkOf = (message: OutboxMessage, path: string) => {
  const link = message.links.find((href) => new URL(href).pathname === path)
  if (!link) throw new Error(`no ${path} link in "${message.subject}"`)
  return link
}

async function createAccount(email: string) {
  const response = await fetch(`${site.url}/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Grace Hopper', email, password: PASSWORD }),
  })
  expect(response.status).toBe(201)
}

/** Signs the browser in through the sign-in form, with the page's script or without it. */
async function signIn(page: Page, email: string, script: boolean) {
  if (script) await visit(page, `${site.url}/signin`)
  else await page.goto(`${site.url}/signin`)
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Username', { exact: true }).fill(email)
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Submit' }).click()
  await page.waitForURL(`${site.url}/`)
}

/** The value the details list shows for `term`. */
const shown = (page: Page, term: string) =>
  page
    .locator('.account-page__details dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]')

const noAxeViolations = async (page: Page) =>
  expect(JSON.stringify(await runAxe(page), null, 1)).toBe('[]')

describe.each(VIEWPORTS)('the account’s details at $name ($width×$height)', (viewport) => {
  it('with JavaScript: edits the name and phone number, then moves to an address confirmed by its link', async () => {
    const email = uniqueEmail('details')
    const next = uniqueEmail('moved')
    await createAccount(email)
    const { page, problems } = await site.open(viewport)
    await signIn(page, email, true)
    await visit(page, `${site.url}/account`)
    await expect.poll(() => shown(page, 'Phone Number').textContent()).toBe('Not given')
    expect(await shown(page, 'Name').textContent()).toBe('Grace Hopper')
    await noAxeViolations(page)

    const details = page.getByRole('form', { name: 'Edit details' })
    await details.getByLabel('Name').fill('')
    await details.getByRole('button', { name: 'Save details' }).click()
    await details.getByText('Enter your name.').waitFor()
    await noAxeViolations(page)
    await details.getByLabel('Name').fill('Grace Brewster Hopper')
    await details.getByLabel('Phone Number').fill('+1 202 555 0143')
    await details.getByRole('button', { name: 'Save details' }).click()
    await page.getByText('Your name and phone number were saved.').waitFor()
    await expect.poll(() => shown(page, 'Name').textContent()).toBe('Grace Brewster Hopper')
    expect(await shown(page, 'Phone Number').textContent()).toBe('+1 202 555 0143')
    // The header's name is the new one too.
    await expect.poll(() => accountButton(page).textContent()).toContain('Grace Brewster Hopper')

    const change = page.getByRole('form', { name: 'Change email address' })
    await change.getByLabel('New email address').fill(next)
    await change.getByLabel('Your password').fill(PASSWORD)
    await change.getByRole('button', { name: 'Send confirmation link' }).click()
    await page.getByText('We sent a link to your new address.', { exact: false }).waitFor()
    await page.getByText(`Changing to ${next}: waiting for confirmation at that address.`).waitFor()
    await noAxeViolations(page)

    const mail = await outboxMail(next, 'Confirm your new email address for Coinvera')
    await visit(page, linkOf(mail, '/verify-email'))
    await page.waitForURL(`${site.url}/verify-email`)
    await page.getByRole('button', { name: 'Confirm my email address' }).click()
    await page.getByText('Your email address is confirmed').waitFor()
    await page.getByRole('link', { name: 'Go to your account' }).click()
    await expect.poll(() => shown(page, 'Email').textContent()).toContain(next)
    expect(await shown(page, 'Email').textContent()).not.toContain('Changing to')
    await outboxMail(email, 'Your Coinvera email address was changed')
    expect(problems).toEqual([])
  })

  it('shows an everyday email address on one line, whole', async () => {
    // 27 characters: at 375 px the address has the card's whole width, under its label.
    const email = `grace.${serial++}${String(Date.now()).slice(-6)}@example.com`
    await createAccount(email)
    const { page, problems } = await site.open(viewport)
    await signIn(page, email, true)
    await visit(page, `${site.url}/account`)
    await expect.poll(() => shown(page, 'Email').textContent()).toContain(email)
    const lines = await shown(page, 'Email').evaluate((dd, address) => {
      const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.includes(address)) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
      }
      return 0
    }, email)
    expect(lines).toBe(1)
    expect(problems).toEqual([])
  })

  describe('with JavaScript off', () => {
    // axe runs in the page's JavaScript, which is off here: the tests above check the same markup.
    const noScript = { javaScriptEnabled: false }

    it('edits the name and phone number, and changes the address, as plain forms', async () => {
      const email = uniqueEmail('nojs-details')
      const next = uniqueEmail('nojs-moved')
      await createAccount(email)
      const { page } = await site.open(viewport, noScript)
      await signIn(page, email, false)
      await page.goto(`${site.url}/account`)
      // The page rendered for the visitor holds the details.
      expect(await shown(page, 'Name').textContent()).toBe('Grace Hopper')
      expect(await shown(page, 'Phone Number').textContent()).toBe('Not given')

      const details = page.getByRole('form', { name: 'Edit details' })
      expect(await details.getByLabel('Name').inputValue()).toBe('Grace Hopper')
      await details.getByLabel('Name').fill('')
      await details.getByRole('button', { name: 'Save details' }).click()
      await page.waitForURL(`${site.url}/account?error=validation_failed`)
      await page.getByText('Some details need attention').waitFor()

      await details.getByLabel('Name').fill('Grace B. Hopper')
      await details.getByLabel('Phone Number').fill('(202) 555-0143')
      await details.getByRole('button', { name: 'Save details' }).click()
      await page.waitForURL(`${site.url}/account?done=details_saved`)
      await page.getByText('Your name and phone number were saved.').waitFor()
      expect(await shown(page, 'Name').textContent()).toBe('Grace B. Hopper')
      expect(await shown(page, 'Phone Number').textContent()).toBe('(202) 555-0143')

      const change = page.getByRole('form', { name: 'Change email address' })
      await change.getByLabel('New email address').fill(next)
      await change.getByLabel('Your password').fill(PASSWORD)
      await change.getByRole('button', { name: 'Send confirmation link' }).click()
      await page.waitForURL(`${site.url}/account?done=email_change_sent`)
      await page
        .getByText(`Changing to ${next}: waiting for confirmation at that address.`)
        .waitFor()

      const mail = await outboxMail(next, 'Confirm your new email address for Coinvera')
      await page.goto(linkOf(mail, '/verify-email'))
      await page.getByRole('button', { name: 'Confirm my email address' }).click()
      await page.waitForURL(`${site.url}/verify-email?done=verified`)
      await page.getByText('Your email address is confirmed').waitFor()
      await page.goto(`${site.url}/account`)
      expect(await shown(page, 'Email').textContent()).toContain(next)
      expect(await shown(page, 'Email').textContent()).toContain('✓ Confirmed')
    })
  })
})
