import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { CURRENCIES as ALL_CURRENCIES } from '@contract/currency'
import { visit } from './support/browser'
import { setUpSite, waitForPrices } from './support/site'

// Currencies whose figures run far longer than the dollar's: a sign and a rupee's digits
// (₹8,105,652.52), codes before the digits (ARS 141,490,930.00, NGN 140,877,234.40) and the most
// digits (IDR 32,276,131,492,380,720, ₫2,566,611,376).
const CURRENCIES = ['inr', 'ars', 'idr', 'ngn', 'vnd'] as const

const SIZES = [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 800 },
] as const

const site = setUpSite()

/**
 * The figures on the page that are cut: a cell (or the global bar's value) narrower than its
 * text, an ellipsis, or text drawn past its cell's padding. Text visually hidden for screen
 * readers (a change's "up", a column's full name) is drawn nowhere, so it does not count.
 */
const cutFigures = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const cut = (cell: Element) => {
      if (cell.scrollWidth > cell.clientWidth) return true
      const style = getComputedStyle(cell)
      const box = cell.getBoundingClientRect()
      const left = box.left + Number.parseFloat(style.paddingLeft) - 0.5
      const right = box.right - Number.parseFloat(style.paddingRight) + 0.5
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const parent = text.parentElement
        if (!parent?.checkVisibility() || parent.getBoundingClientRect().width <= 1) continue
        const range = document.createRange()
        range.selectNodeContents(text)
        const drawn = range.getBoundingClientRect()
        if (drawn.width > 0 && (drawn.left < left || drawn.right > right)) return true
      }
      return false
    }
    const cells = [...document.querySelectorAll(selector)].filter((cell) => cell.checkVisibility())
    return { count: cells.length, cut: cells.filter(cut).map((cell) => cell.textContent) }
  }, selector)

/** The coin page's key figures drawn on more than one line (a market cap broken mid-number). */
const brokenFigures = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.coin-figures__item dd')].flatMap((figure) => {
      const text = figure.firstChild
      if (!text || text.nodeType !== Node.TEXT_NODE) return []
      const range = document.createRange()
      range.selectNodeContents(text)
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
      return lines.size > 1 ? [text.textContent] : []
    }),
  )

describe.each(SIZES)('at $name px', (size) => {
  it.each(CURRENCIES)('shows every figure of the price list whole, in %s', async (currency) => {
    const { page } = await site.open(size)
    await visit(page, `${site.url}/crypto?currency=${currency}`)
    await waitForPrices(page)
    await page.locator('.global-bar__list').waitFor()
    const table = await cutFigures(page, '.market-table tbody td.col-number')
    // Price, 24 h change and Mkt cap 24 on phones; the volume and market cap too on desktops.
    expect(table.count).toBe(size.width < 768 ? 18 : 30)
    expect(table.cut).toEqual([])
    const global = await cutFigures(page, '.global-bar__item dd')
    expect(global.count).toBe(4)
    expect(global.cut).toEqual([])
    // The coin's symbol stays whole beside the longer figures (its name may shorten on phones).
    const symbols = await cutFigures(page, '.market-table tbody .coin-cell__symbol')
    expect(symbols.count).toBe(6)
    expect(symbols.cut).toEqual([])
  })

  // The server's HTML, before any script runs: the widths come with the page, in every currency.
  it('shows every figure of the price list whole in every currency, without JavaScript', async () => {
    const { page } = await site.open(size, { javaScriptEnabled: false })
    const cut: string[] = []
    for (const currency of ALL_CURRENCIES) {
      await page.goto(`${site.url}/crypto?currency=${currency}`, { waitUntil: 'load' })
      for (const selector of [
        '.market-table tbody td.col-number',
        '.market-table tbody .coin-cell__symbol',
        '.global-bar__item dd',
      ]) {
        const figures = await cutFigures(page, selector)
        expect(figures.count, `${currency} ${selector}`).toBeGreaterThan(0)
        cut.push(...figures.cut.map((text) => `${currency}: ${text}`))
      }
    }
    expect(cut).toEqual([])
  })

  it.each(CURRENCIES)('shows every figure of the full list whole, in %s', async (currency) => {
    const { page } = await site.open(size)
    await visit(page, `${site.url}/coins?currency=${currency}`)
    await page.locator('.coin-list tbody tr').first().waitFor()
    const list = await cutFigures(page, '.coin-list tbody td.coin-list__number')
    // Price and 24 h change of every row on phones, more columns on desktops.
    expect(list.count).toBeGreaterThanOrEqual(
      2 * (await page.locator('.coin-list tbody tr').count()),
    )
    expect(list.cut).toEqual([])
  })

  it.each(CURRENCIES)(
    "keeps each of a coin page's key figures on one line, in %s",
    async (currency) => {
      const { page } = await site.open(size, { javaScriptEnabled: false })
      await page.goto(`${site.url}/coins/bitcoin?currency=${currency}`, { waitUntil: 'load' })
      expect(await page.locator('.coin-figures__item dd').count()).toBe(7)
      expect(await brokenFigures(page)).toEqual([])
    },
  )
})
