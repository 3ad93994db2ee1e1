import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { connectBrowser, openPage, VIEWPORTS } from './support/browser'

// The suite's browser as scripts/chromium.ts launches it: without the address bar's WebUI popup,
// a renderer per window that no page sees, and with Playwright's own switches still in force.
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

it('opens a window without the address bar popup renderer', async () => {
  const { context, page } = await openPage(browser, VIEWPORTS[0])
  try {
    await page.goto('data:text/html,<p>a page</p>')
    const session = await browser.newBrowserCDPSession()
    const { targetInfos } = await session.send('Target.getTargets')
    await session.detach()
    const urls = targetInfos.map((target) => target.url)
    expect(urls).toContain('data:text/html,<p>a page</p>')
    expect(urls.filter((url) => url.startsWith('chrome://omnibox-popup'))).toEqual([])
  } finally {
    await context.close()
  }
})

it("keeps Playwright's disabled features: Chromium reads only the last --disable-features", async () => {
  const { context, page } = await openPage(browser, VIEWPORTS[0])
  try {
    await page.goto('chrome://version')
    const commandLine = (await page.locator('#command_line').textContent()) ?? ''
    const lists = commandLine
      .split(/\s+/)
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','))
    expect(lists.length).toBeGreaterThan(1)
    const playwright = lists[0] ?? []
    const last = lists[lists.length - 1] ?? []
    expect(playwright).toContain('HttpsUpgrades')
    expect(last).toEqual(expect.arrayContaining([...playwright, 'WebUIOmniboxPopup']))
  } finally {
    await context.close()
  }
})
