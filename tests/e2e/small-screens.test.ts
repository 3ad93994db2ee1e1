import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { UPSTREAM_CURRENCIES } from '@contract/currency'

// The six with their own figures, and converted ones with the longest signs and the most digits.
const CURRENCIES = [...UPSTREAM_CURRENCIES, 'inr', 'kwd', 'idr'] as const
import { accountButton, menuButton, visit, waitForHydration } from './support/browser'
import { expectNoShift, recordShifts } from './support/shifts'
import { setUpSite, waitForPrices, waitForTrending } from './support/site'

const site = setUpSite()

/** The phone widths the price list is designed for, and a desktop. */
const SIZES = [
  { name: '320', width: 320, height: 640, phone: true },
  { name: '375', width: 375, height: 812, phone: true },
  { name: '414', width: 414, height: 896, phone: true },
  { name: '1280', width: 1280, height: 800, phone: false },
] as const

type Box = { left: number; right: number; top: number; bottom: number }

/** What a visitor sees of the price list's rows: boxes of what must show, and cut numbers. */
function readTable(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box => {
      const rect = element?.getBoundingClientRect()
      return {
        left: rect?.left ?? Number.NaN,
        right: rect?.right ?? Number.NaN,
        top: rect?.top ?? Number.NaN,
        bottom: rect?.bottom ?? Number.NaN,
      }
    }
    // Cut: the text is wider than the room its cell has for it (an ellipsis, or clipped).
    const cut = (cell: Element) => {
      const style = getComputedStyle(cell)
      const room =
        cell.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight)
      const range = document.createRange()
      range.selectNodeContents(cell)
      return range.getBoundingClientRect().width > room + 0.5
    }
    const region = document.querySelector('.table-scroll')
    return {
      region: box(region),
      scrolled: region?.scrollLeft ?? Number.NaN,
      rows: [...document.querySelectorAll('.market-table tbody tr')].map((row) => {
        const cells = ['.col-price', '.col-change', '.col-cap-change'].map((selector) =>
          row.querySelector(selector),
        )
        return {
          symbol: row.querySelector('.coin-cell__symbol')?.textContent ?? '',
          shown: {
            image: box(row.querySelector('.coin-cell img, .coin-cell .coin-monogram')),
            symbol: box(row.querySelector('.coin-cell__symbol')),
            price: box(row.querySelector('.col-price')),
            change: box(row.querySelector('.col-change .change')),
          },
          cut: cells.filter((cell) => cell && cut(cell)).map((cell) => cell?.className),
        }
      }),
    }
  })
}

const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 &&
  inner.right <= outer.right + 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.bottom <= outer.bottom + 0.5

/** The page itself never scrolls sideways. */
const pageFits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** An account made through the API in this context, which then holds its session cookies. */
async function signUp(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
  const password = 'analytical engine 1843'
  const response = await context.request.post(`${site.url}/api/auth`, {
    data: { name, email, password },
    headers: { Origin: site.url },
  })
  expect(response.status()).toBe(201)
  return { email, password }
}

describe.each(SIZES)('at $name px', (size) => {
  const open = () => site.open(size)

  it('shows each coin, its price and its 24 h change whole, without scrolling', async () => {
    const { page } = await open()
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    const viewport = { left: 0, right: size.width, top: -Infinity, bottom: Infinity }
    const table = await readTable(page)
    expect(table.scrolled).toBe(0)
    expect(table.rows).toHaveLength(6)
    for (const row of table.rows) {
      for (const [part, box] of Object.entries(row.shown)) {
        const where = `${row.symbol} ${part}: ${JSON.stringify(box)}`
        expect(inside(box, viewport), where).toBe(true)
        expect(inside(box, { ...table.region, top: -Infinity, bottom: Infinity }), where).toBe(true)
      }
      // No number is cut, Mkt cap 24 included (on phones it waits to the right).
      expect(row.cut, row.symbol).toEqual([])
    }
    expect(await pageFits(page)).toBe(true)
  })

  it('keeps the header apart and every line of the global market whole', async () => {
    const { page } = await open()
    // Yen: the widest totals ("¥525.61T").
    await visit(page, `${site.url}/crypto?currency=jpy`)
    await waitForPrices(page)
    await page.locator('.global-bar__list').waitFor()
    const { header, lines } = await page.evaluate(() => {
      // What is drawn: the element, and the brand's text where it overflows a squeezed brand
      // (the buttons' text may be visually hidden, drawn nowhere).
      const box = (element: Element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        const outer = element.getBoundingClientRect()
        const text = element.matches('.brand') ? range.getBoundingClientRect() : outer
        return {
          left: Math.min(outer.left, text.left),
          right: Math.max(outer.right, text.right),
          top: outer.top,
          bottom: outer.bottom,
        }
      }
      const shown = (selector: string) =>
        [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility())
      // Each term and value on its one line, none cut: a cut value is wider than its box, a term
      // on two lines taller than its one line (values never wrap).
      const overflows = (element: Element) =>
        element.scrollWidth > element.clientWidth ||
        (element.tagName === 'DT' && element.scrollHeight > element.clientHeight)
      return {
        header: shown('.nav-bar .brand, .nav-bar .search-open__button, .nav-bar__toggle').map(box),
        lines: shown('.global-bar__item dt, .global-bar__item dd')
          .filter(overflows)
          .map((element) => element.textContent),
      }
    })
    expect(header.length).toBe(size.phone ? 3 : 2)
    const apart = (a: Box, b: Box) =>
      a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top
    for (const [i, a] of header.entries()) {
      expect(a.left >= 0 && a.right <= size.width, JSON.stringify(a)).toBe(true)
      for (const b of header.slice(i + 1)) expect(apart(a, b), JSON.stringify([a, b])).toBe(true)
    }
    expect(lines).toEqual([])
  })

  it('names every column for screen readers, shortening only what it must', async () => {
    const { page } = await open()
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    // Phones show "#" and keep the full name for screen readers only.
    const rank = page.getByRole('columnheader', { name: 'Market Rank' })
    expect(await rank.getByText('#').isVisible()).toBe(size.phone)
    const full = await rank.getByText('Market Rank').boundingBox()
    expect((full?.width ?? 0) > 1).toBe(!size.phone)
    // "Mkt cap 24" keeps its label and says what it is, in words every visitor sees.
    const capChange = page.getByRole('columnheader', {
      name: 'Mkt cap 24 Market cap change, 24 h',
    })
    await capChange.scrollIntoViewIfNeeded()
    const note = capChange.getByText('Market cap change, 24 h')
    expect(await note.isVisible()).toBe(true)
    expect(
      await capChange.evaluate(
        (header) =>
          header.scrollWidth <= header.clientWidth && header.scrollHeight <= header.clientHeight,
      ),
    ).toBe(true)
    // Its values are in dollars; a fall is red and says so with its minus sign.
    const eth = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Ethereum/ }) })
      .locator('.col-cap-change')
    expect(await eth.textContent()).toBe('-$10,671,324,112.70')
    expect(
      await eth.locator('.change--down').evaluate((element) => getComputedStyle(element).color),
    ).toBe('rgb(255, 122, 138)')
  })

  it('shows a 24 h change of exactly zero as neutral', async () => {
    const { page } = await open()
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    const change = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^BNB/ }) })
      .locator('.col-change')
    expect(await change.textContent()).toBe('0.00%')
    const arrow = await change
      .locator('.change')
      .evaluate((el) => getComputedStyle(el, '::before').content)
    expect(arrow).toBe('none')
    const color = await change.locator('.change').evaluate((el) => getComputedStyle(el).color)
    expect(color).not.toBe('rgb(255, 122, 138)')
  })

  if (size.phone) {
    it('scrolls sideways to Mkt cap 24, keeping the rank and the coin in place', async () => {
      const { page } = await open()
      await visit(page, `${site.url}/crypto`)
      await waitForPrices(page)
      const region = page.getByRole('region', { name: 'Price table' })
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
      const before = await readTable(page)
      // Scrolled, and the frame after it drawn.
      await region.evaluate(
        (el) =>
          new Promise((resolve) => {
            el.addEventListener('scroll', () => requestAnimationFrame(resolve), { once: true })
            el.scrollLeft = el.scrollWidth
          }),
      )
      const after = await readTable(page)
      expect(after.scrolled).toBeGreaterThan(0)
      for (const [index, row] of after.rows.entries()) {
        expect(row.shown.symbol.left).toBeCloseTo(before.rows[index]?.shown.symbol.left ?? 0, 0)
        expect(row.shown.price.left).toBeLessThan(before.rows[index]?.shown.price.left ?? 0)
      }
      const capChange = page.locator('.market-table tbody .col-cap-change').first()
      const box = await capChange.boundingBox()
      expect((box?.x ?? -1) + (box?.width ?? Infinity)).toBeLessThanOrEqual(size.width)
      expect(await pageFits(page)).toBe(true)
    })
  }

  it('wraps long trending names onto a second line instead of cutting them', async () => {
    const { page } = await open()
    await visit(page, `${site.url}/`)
    await page.locator('.trending').scrollIntoViewIfNeeded()
    await waitForTrending(page)
    for (const name of ['Pudgy Penguins', 'Virtuals Protocol']) {
      const heading = page.locator('.trending__name', { hasText: name })
      const fits = await heading.evaluate(
        (element) =>
          element.scrollWidth <= element.clientWidth &&
          element.scrollHeight <= element.clientHeight,
      )
      expect(fits, name).toBe(true)
      expect(await heading.textContent()).toBe(name)
    }
    expect(await pageFits(page)).toBe(true)
  })

  it("keeps the hero's headline and copy inside the screen, with the page's margins", async () => {
    const { page } = await open()
    await visit(page, `${site.url}/`)
    // The hero clips what overflows it, so the page never scrolls: a word wider than the
    // column would be cut off, not scrolled to. Each part's text, measured as drawn.
    const sticking = await page.locator('.hero__copy').evaluate((copy) => {
      const room = copy.parentElement?.getBoundingClientRect()
      const pad = Number.parseFloat(getComputedStyle(copy.parentElement as Element).paddingRight)
      return [...copy.children]
        .map((part) => {
          const range = document.createRange()
          range.selectNodeContents(part)
          return { part: part.className, right: range.getBoundingClientRect().right }
        })
        .filter(({ right }) => room && right > room.right - pad + 0.5)
    })
    expect(sticking).toEqual([])
  })

  it('lines the footer rule up with the content column', async () => {
    const { page } = await open()
    await visit(page, `${site.url}/`)
    const column = await page.locator('.prices__card').boundingBox()
    const rule = await page.locator('.footer__bottom').boundingBox()
    expect(rule?.x).toBeCloseTo(column?.x ?? Number.NaN, 0)
    expect(rule?.width).toBeCloseTo(column?.width ?? Number.NaN, 0)
  })

  it('lines the welcome up with the content column, after signing in', async () => {
    const { page, context } = await open()
    const account = await signUp(context, 'Ada')
    await context.clearCookies()
    await visit(page, `${site.url}/signin`)
    const form = page.getByRole('form', { name: 'Sign in' })
    await form.getByLabel('Username', { exact: true }).fill(account.email)
    await form.getByLabel('Password', { exact: true }).fill(account.password)
    await form.getByRole('button', { name: 'Submit' }).click()
    const welcome = page.getByRole('status').filter({ hasText: 'Welcome back, Ada' })
    await welcome.waitFor()
    const column = await page.locator('.prices__card').boundingBox()
    const note = await page.locator('.welcome-note').boundingBox()
    expect(note?.x).toBeCloseTo(column?.x ?? Number.NaN, 0)
    expect(note?.width).toBeCloseTo(column?.width ?? Number.NaN, 0)
  })
})

describe.each([SIZES[1], SIZES[3]])('a signed-in visitor at $name px', (size) => {
  const open = () => site.open(size)

  it('sees their whole name on the account button', async () => {
    const { page, context } = await open()
    await signUp(context, 'Ada Visitorova')
    await visit(page, `${site.url}/crypto`)
    if (size.phone) await menuButton(page).click()
    const name = accountButton(page).locator('.nav-bar__user')
    await name.waitFor()
    // Not cut: all of it fits the box it is drawn in.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    expect(await name.textContent()).toBe('Signed in as Ada Visitorova')
  })

  it('is led from Get Started to the prices', async () => {
    const { page, context, problems } = await open()
    await signUp(context, 'Ada')
    // The server renders the page for the signed-in visitor: the way on is in its HTML.
    const html = await (await context.request.get(`${site.url}/`)).text()
    expect(html).toMatch(/<a[^>]*href="\/crypto"[^>]*>Get Started<\/a>/)
    await visit(page, `${site.url}/`)
    const getStarted = page.getByRole('link', { name: 'Get Started' })
    await expect.poll(() => getStarted.getAttribute('href')).toBe('/crypto')
    await getStarted.click()
    await page.waitForURL(`${site.url}/crypto`)
    expect(problems).toEqual([])
  })

  it.each([
    ['/signup', 'Sign up'],
    ['/signin', 'Sign in'],
  ])('is told so on %s, with a way on and out, without a shift', async (path, formName) => {
    const { page, context, problems } = await open()
    await recordShifts(context)
    await signUp(context, 'Ada')
    // The server's HTML already says it: nothing changes as the page's script takes over.
    const html = await (await context.request.get(`${site.url}${path}`)).text()
    expect(html).toMatch(/You&#x27;re signed in as <strong>Ada<\/strong>/)
    await visit(page, `${site.url}${path}`)
    const main = page.getByRole('main')
    await main.getByRole('heading', { level: 1, name: "You're signed in" }).waitFor()
    expect(await main.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe(
      '/account',
    )
    expect(await main.getByRole('link', { name: "See today's prices" }).getAttribute('href')).toBe(
      '/crypto',
    )
    expect(await page.getByRole('form', { name: formName }).count()).toBe(0)
    await expectNoShift(page, { main: true })

    await main.getByRole('button', { name: 'Sign out' }).click()
    const form = page.getByRole('form', { name: formName })
    await form.waitFor()
    expect(await page.getByText(/signed in as/i).count()).toBe(0)
    // Keyboard focus moved from the vanished button into the form.
    expect(await form.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await page.reload({ waitUntil: 'load' })
    await waitForHydration(page)
    expect(await page.getByRole('form', { name: formName }).isVisible()).toBe(true)
    expect(problems).toEqual([])
  })
})

describe('coin names in every currency', () => {
  /** Each row's name and symbol, and whether each is cut (an ellipsis, or clipped). */
  const readNames = (page: Page) =>
    page.locator('.market-table tbody .coin-cell__text').evaluateAll((cells) =>
      cells.map((cell) => {
        const part = (selector: string) => cell.querySelector(selector) as HTMLElement
        const cut = (element: HTMLElement) => element.scrollWidth > element.clientWidth
        const [name, symbol] = [part('.coin-cell__name'), part('.coin-cell__symbol')]
        return { name: name.textContent, nameCut: cut(name), symbolCut: cut(symbol) }
      }),
    )

  it.each(CURRENCIES)('at 1280 px, in %s, every name is whole', async (currency) => {
    const { page } = await site.open({ width: 1280, height: 800 })
    await visit(page, `${site.url}/crypto?currency=${currency}`)
    await waitForPrices(page)
    const names = await readNames(page)
    expect(names).toHaveLength(6)
    expect(names.filter((row) => row.nameCut || row.symbolCut)).toEqual([])
  })

  it.each(CURRENCIES)(
    'at 375 px, in %s, a name is cut only beside its whole symbol',
    async (currency) => {
      const { page } = await site.open({ width: 375, height: 812 })
      await visit(page, `${site.url}/crypto?currency=${currency}`)
      await waitForPrices(page)
      const names = await readNames(page)
      expect(names).toHaveLength(6)
      expect(names.filter((row) => row.symbolCut)).toEqual([])
    },
  )
})
