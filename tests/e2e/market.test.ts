import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { VIEWPORTS, visit } from './support/browser'
import { setUpSite, waitForPrices, waitForTrending } from './support/site'

const site = setUpSite()

/** What the fixture's six coins must look like, written out by hand from coins-markets.json. */
const ROWS = [
  {
    rank: '1',
    name: 'Bitcoin',
    symbol: 'BTC',
    price: '$97,412.00',
    change: '1.84%',
    up: true as boolean | null,
    capChange: '$35,040,512,889.40',
    volume: '$41,852,331,007',
    cap: '$1,938,227,011,865',
  },
  {
    rank: '2',
    name: 'Ethereum',
    symbol: 'ETH',
    price: '$3,571.20',
    change: '-2.42%',
    up: false,
    capChange: '-$10,671,324,112.70',
    volume: '$24,115,902,211',
    cap: '$431,041,215,563',
  },
  {
    rank: '3',
    name: 'Tether',
    symbol: 'USDT',
    price: '$1.00',
    change: '0.01%',
    up: true,
    capChange: '$120,335,678.12',
    volume: '$88,201,542,318',
    cap: '$183,112,745,203',
  },
  {
    rank: '4',
    name: 'XRP',
    symbol: 'XRP',
    price: '$2.31',
    change: '3.91%',
    up: true,
    capChange: '$5,227,116,301.55',
    volume: '$4,212,097,311',
    cap: '$139,052,713,908',
  },
  {
    // A change of exactly 0 went neither way: no arrow, no red.
    rank: '5',
    name: 'BNB',
    symbol: 'BNB',
    price: '$912.57',
    change: '0.00%',
    up: null,
    capChange: '$4,012.50',
    volume: '$1,987,344,120',
    cap: '$127,214,008,775',
  },
  {
    // The upstream sent null for market_cap_change_24h.
    rank: '6',
    name: 'Solana',
    symbol: 'SOL',
    price: '$142.86',
    change: '-5.12%',
    up: false,
    capChange: '–',
    volume: '$5,120,987,443',
    cap: '$78,503,302,114',
  },
]

const TRENDING = [
  { name: 'Pudgy Penguins', symbol: 'PENGU', rank: '#84' },
  { name: 'Hyperliquid', symbol: 'HYPE', rank: '#12' },
  { name: 'Sui', symbol: 'SUI', rank: '#18' },
  { name: 'Bittensor', symbol: 'TAO', rank: '#33' },
  { name: 'Pepe', symbol: 'PEPE', rank: '#29' },
  { name: 'Ondo', symbol: 'ONDO', rank: '#41' },
  { name: 'Virtuals Protocol', symbol: 'VIRTUAL', rank: '#71' },
]

/** The headers as read out (the phone's short "#" is hidden from screen readers). */
const HEADERS = [
  'Market Rank',
  'Name',
  'Current price',
  '24hrs %',
  'Mkt cap 24 Market cap change, 24 h',
  'Volume 24hrs',
  'Mkt cap',
]

/** The headers' accessible names, in order. */
async function headerNames(page: Page, visibleOnly = false): Promise<string[]> {
  const names: string[] = []
  for (const header of await page.getByRole('columnheader').all()) {
    if (visibleOnly && (await header.boundingBox())?.width === 0) continue
    // The header's own line: its sort button follows, indented, under it.
    const [line = ''] = (await header.ariaSnapshot()).split('\n')
    names.push(line.replace(/^- columnheader "(.*)":?$/, '$1'))
  }
  return names
}

type RenderedRow = {
  rank: string
  name: string
  symbol: string
  price: string
  change: { text: string; arrow: string; direction: string; color: string }
  capChange: string
  capChangeColor: string
  volume: string
  cap: string
}

function readRows(page: Page): Promise<RenderedRow[]> {
  return page.locator('.market-table tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const text = (selector: string) => row.querySelector(selector)?.textContent?.trim() ?? ''
      const change = row.querySelector('.change') as HTMLElement
      return {
        rank: text('.col-rank'),
        name: text('.coin-cell__name'),
        symbol: text('.coin-cell__symbol'),
        price: text('.col-price'),
        change: {
          // The visible text: arrow and number, without the words for screen readers.
          text: [...change.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent)
            .join(''),
          // Drawn by the stylesheet: its content, or 'none'.
          arrow: getComputedStyle(change, '::before').content.replace(
            /^none$|^"|"(?: \/ "")?$/g,
            '',
          ),
          direction: text('.change .visually-hidden'),
          color: getComputedStyle(change).color,
        },
        capChange: text('.col-cap-change'),
        capChangeColor: getComputedStyle(
          row.querySelector('.col-cap-change')?.firstElementChild ??
            (row.querySelector('.col-cap-change') as Element),
        ).color,
        volume: text('.col-volume'),
        cap: text('.col-cap'),
      }
    }),
  )
}

/** Red: the red channel clearly dominates, as in the design's --color-down. */
function isRed(color: string): boolean {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+/g) ?? []).map(Number)
  return r > 200 && r - g > 60 && r - b > 60
}

describe.each(VIEWPORTS)('home and prices at $name ($width×$height)', (viewport) => {
  // Coin images in the table: drawn smaller on phones, where every pixel of width counts.
  const TABLE_IMAGE = viewport.phone ? 24 : 32

  it('shows the home sections in the specified order, then the footer', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('main > section, body footer')].map((element) =>
        element.tagName === 'FOOTER'
          ? 'footer'
          : (element.querySelector('h1, h2')?.textContent?.trim() ?? '?'),
      ),
    )
    expect(order).toEqual([
      'Make better business with cryptocurrency',
      "Today's Cryptocurrency Prices",
      'Built for trust, designed for ease',
      'Take Coinvera with you',
      'Top 7 Trending Search Coins',
      'Stay ahead of the market',
      'footer',
    ])

    // Hero: tagline, supporting line, Get Started → /signup, an illustration.
    const hero = page.locator('main > section').nth(0)
    expect(await hero.locator('p').allTextContents()).not.toHaveLength(0)
    expect(await hero.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/signup',
    )
    // Drawn inline (no request before the largest paint), named for screen readers.
    expect(
      await hero.getByRole('img', { name: /illustration/i }).evaluate((el) => el.tagName),
    ).toBe('svg')

    // About: three columns, each with an icon, a heading and three lines.
    const about = await page.locator('.about__card').evaluateAll((cards) =>
      cards.map((card) => ({
        icon: !!card.querySelector('img'),
        title: card.querySelector('h3')?.textContent,
        lines: [...card.querySelectorAll('li')].map((li) => li.textContent),
      })),
    )
    expect(about).toEqual([
      {
        icon: true,
        title: 'Ease of Trading',
        lines: [
          'Intuitive interface',
          'Instant deposit options',
          'Cash out directly to the bank account',
        ],
      },
      {
        icon: true,
        title: 'Institutional-grade Security',
        lines: [
          '98% of assets stored safely offline',
          'Highly encrypted personal data',
          'Whitelisting and transaction confirmations',
        ],
      },
      {
        icon: true,
        title: 'Proven Reliability',
        lines: [
          '24/7 dedicated support',
          'Industry-leading uptime',
          'Exchanging bitcoin since 2011',
        ],
      },
    ])
    // Every icon arrives (lazy, below the first screen).
    await page.locator('.about__icon').last().scrollIntoViewIfNeeded()
    await expect
      .poll(() =>
        page
          .locator('.about__icon')
          .evaluateAll((icons) => icons.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true, true, true])

    // Phone promo: the phone mock-up, the two store-style badges, and where a price alert is set.
    const promo = page.locator('main > section').nth(3)
    await promo.scrollIntoViewIfNeeded()
    const images = promo.getByRole('img')
    expect(await images.evaluateAll((all) => all.map((i) => i.getAttribute('alt')))).toEqual([
      'Download on the App Store',
      'Get it on Google Play',
      expect.stringMatching(/phone/i),
    ])
    // Each badge is drawn, not a broken image.
    await expect
      .poll(() =>
        images.evaluateAll((all) => all.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true, true, true])
    expect(
      await promo.getByRole('link', { name: "set one on a coin's page" }).getAttribute('href'),
    ).toBe('/coins/bitcoin#price-alert')

    // Banner: Subscribe leads home and nowhere else; one line beside it offers price alerts.
    const banner = page.locator('main > section').nth(5)
    expect(await banner.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/')
    expect(await banner.locator('p').textContent()).toBe(
      "Price alerts by email come free with an account: create one, then set an alert on any coin's page.",
    )
    expect(await banner.getByRole('link', { name: 'create one' }).getAttribute('href')).toBe(
      '/signup',
    )

    // Footer: brand, five headings, the copyright line.
    const footer = page.locator('body footer')
    expect(await footer.getByRole('heading').allTextContents()).toEqual([
      'Company',
      'Businesses',
      'Exchange',
      'Blockchain',
      'Resources',
    ])
    // Each link names a page that exists.
    expect(
      await footer
        .locator('.footer__group', { has: page.getByRole('heading', { name: 'Exchange' }) })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')])),
    ).toEqual([
      ['Prices', '/crypto'],
      ['All coins', '/coins'],
      ['Search coins', '/search'],
    ])
    expect(await footer.getByRole('link', { name: 'Coinvera' }).getAttribute('href')).toBe('/')
    expect(await footer.textContent()).toContain('© 2021 Coinvera')
  })

  it('lists six coins with the specified formatting, colour and arrows', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    await waitForPrices(page)
    const table = page.getByRole('table')
    expect(await table.locator('caption').textContent()).toMatch(/cryptocurrencies/i)
    // Phones leave out Volume and Mkt cap (see below).
    expect(await headerNames(page)).toEqual(viewport.phone ? HEADERS.slice(0, 5) : HEADERS)
    expect(
      await table
        .locator('thead th')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('scope'))),
    ).toEqual(Array(viewport.phone ? 5 : 7).fill('col'))
    // The table's column visibility drops them on phones: every row has the header's cells.
    expect(
      await table
        .locator('tbody tr')
        .evaluateAll((rows) => [...new Set(rows.map((row) => row.children.length))]),
    ).toEqual([viewport.phone ? 5 : 7])
    expect(await table.getByRole('rowheader').count()).toBe(6)

    const rows = await readRows(page)
    expect(rows).toHaveLength(6)
    for (const [index, expected] of ROWS.entries()) {
      const row = rows[index]
      expect(row, expected.name).toMatchObject({
        rank: expected.rank,
        name: expected.name,
        symbol: expected.symbol,
        price: expected.price,
        capChange: expected.capChange,
        // Phones have no Volume and Mkt cap cells (the table's column visibility).
        volume: viewport.phone ? '' : expected.volume,
        cap: viewport.phone ? '' : expected.cap,
      })
      // The market cap's change: red when it fell, and its minus sign says so too.
      expect(isRed(row?.capChangeColor ?? ''), expected.name).toBe(
        expected.capChange.startsWith('-'),
      )
      expect(row?.change.text, expected.name).toBe(expected.change)
      if (expected.up === null) {
        expect(row?.change, expected.name).toMatchObject({ arrow: '', direction: '' })
        expect(isRed(row?.change.color ?? ''), expected.name).toBe(false)
        continue
      }
      expect(row?.change.arrow, expected.name).toBe(expected.up ? '▲' : '▼')
      expect(row?.change.direction, expected.name).toBe(expected.up ? 'up' : 'down')
      if (expected.up) expect(row?.change.color, expected.name).toBe('rgb(255, 255, 255)')
      else
        expect(isRed(row?.change.color ?? ''), `${expected.name}: ${row?.change.color}`).toBe(true)
    }
  })

  it(
    viewport.phone
      ? 'hides Volume 24hrs and Mkt cap on a phone'
      : 'shows Volume 24hrs and Mkt cap on a desktop',
    async () => {
      const { page } = await site.open(viewport)
      await visit(page, `${site.url}/crypto`)
      await waitForPrices(page)
      const visibleHeaders = await headerNames(page, true)
      const visibleCells = await page
        .locator('.market-table tbody tr')
        .first()
        .locator('th, td')
        .evaluateAll(
          (cells) => cells.filter((cell) => cell.getBoundingClientRect().width > 0).length,
        )
      if (viewport.phone) {
        expect(visibleHeaders).toEqual(HEADERS.slice(0, 5))
        expect(visibleCells).toBe(5)
      } else {
        expect(visibleHeaders).toEqual(HEADERS)
        expect(visibleCells).toBe(7)
        // Nothing overflows sideways on a desktop.
        const scroll = page.getByRole('region', { name: 'Price table' })
        expect(await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      }
      // The page itself never scrolls sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true)
    },
  )

  it('shows exactly the first 7 trending coins with name, symbol and rank', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    const list = page.locator('.trending ol.trending__list')
    // The section, not the list: the skeleton list is replaced when the data arrives.
    await page.locator('.trending').scrollIntoViewIfNeeded()
    await waitForTrending(page)
    const coins = await list.locator('> li').evaluateAll((items) =>
      items.map((item) => ({
        name: item.querySelector('h3')?.textContent?.trim(),
        symbol: item.querySelector('.trending__symbol')?.textContent?.trim(),
        rank: item.querySelector('.trending__rank-value')?.textContent?.trim(),
        visual: !!item.querySelector('img, .coin-monogram'),
      })),
    )
    expect(coins).toEqual(TRENDING.map((coin) => ({ ...coin, visual: true })))
    expect(await list.evaluate((el) => el.tagName)).toBe('OL')
  })

  it('replaces coin images that fail to load with monograms of the same size', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    await waitForPrices(page)
    // The fixtures' images are on coin-images.coingecko.com, which cannot resolve here.
    const tableMonograms = page.locator('.market-table tbody .coin-monogram')
    await page.locator('.market-table').scrollIntoViewIfNeeded()
    await expect.poll(() => tableMonograms.count(), { timeout: 10_000 }).toBe(6)
    expect(await tableMonograms.allTextContents()).toEqual(
      ROWS.map((row) => row.symbol.slice(0, 4)),
    )
    expect(await page.locator('.market-table tbody img').count()).toBe(0)
    for (const box of await tableMonograms.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().toJSON()),
    )) {
      expect([Math.round(box.width), Math.round(box.height)]).toEqual([TABLE_IMAGE, TABLE_IMAGE])
    }

    const trending = page.locator('.trending ol.trending__list')
    await page.locator('.trending').scrollIntoViewIfNeeded()
    await waitForTrending(page)
    const trendingMonograms = trending.locator('.coin-monogram')
    await expect.poll(() => trendingMonograms.count(), { timeout: 10_000 }).toBe(7)
    expect(await trendingMonograms.allTextContents()).toEqual(
      TRENDING.map((coin) => coin.symbol.slice(0, 4)),
    )
    for (const box of await trendingMonograms.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().toJSON()),
    )) {
      expect([Math.round(box.width), Math.round(box.height)]).toEqual([56, 56])
    }
  })

  it('shows coin images that load: lazy, fixed-size, decorative', async () => {
    const { page, context } = await site.open(viewport)
    const svg = (label: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#f7931a"/><text x="16" y="40">${label}</text></svg>`
    await context.route('https://coin-images.coingecko.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg('C') }),
    )
    await visit(page, `${site.url}/`)
    await waitForPrices(page)
    const images = page.locator('.market-table tbody img')
    await page.locator('.market-table').scrollIntoViewIfNeeded()
    await expect
      .poll(() =>
        images.evaluateAll(
          (els) =>
            (els as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth > 0)
              .length,
        ),
      )
      .toBe(6)
    const attributes = await images.evaluateAll((els) =>
      (els as HTMLImageElement[]).map((img) => ({
        loading: img.getAttribute('loading'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        alt: img.getAttribute('alt'),
        box: [
          Math.round(img.getBoundingClientRect().width),
          Math.round(img.getBoundingClientRect().height),
        ],
      })),
    )
    expect(attributes).toEqual(
      Array(6).fill({
        loading: 'lazy',
        width: '32',
        height: '32',
        alt: '',
        box: [TABLE_IMAGE, TABLE_IMAGE],
      }),
    )
    expect(await page.locator('.market-table .coin-monogram').count()).toBe(0)
  })

  it('credits CoinGecko under the price list and under the trending list', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/`)
    await waitForPrices(page)
    for (const footer of ['.prices__footer', '.trending__footer']) {
      const attribution = page.locator(`${footer} .attribution`)
      expect(await attribution.textContent()).toBe('Data provided by CoinGecko')
      const link = attribution.getByRole('link', { name: 'CoinGecko' })
      expect(await link.getAttribute('href')).toBe('https://www.coingecko.com')
      await link.scrollIntoViewIfNeeded()
      expect(await link.isVisible()).toBe(true)
    }
    // Under the lists, not above them.
    const below = await page.evaluate(() => {
      const bottom = (selector: string) =>
        document.querySelector(selector)?.getBoundingClientRect().bottom ?? Infinity
      const top = (selector: string) =>
        document.querySelector(selector)?.getBoundingClientRect().top ?? -Infinity
      return [
        top('.prices__footer .attribution') >= bottom('.market-table'),
        top('.trending__footer .attribution') >= bottom('.trending__list'),
      ]
    })
    expect(below).toEqual([true, true])
    // Live data: no stale or sample note.
    expect(await page.locator('.prices__footer .data-note').textContent()).toBe('')
  })

  it("puts a sorted column's arrow beside its header's words, Mkt cap 24 included", async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/crypto?sort=cap_change_desc`)
    await waitForPrices(page)
    const header = page.getByRole('columnheader', { name: /^Mkt cap 24/ })
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending')
    await header.scrollIntoViewIfNeeded()
    // Where the arrow ends, and where the header's first word starts (its note is under it).
    const gap = await header.evaluate((th) => {
      const arrow = th.querySelector('.sort-button__arrow')?.getBoundingClientRect()
      const words = document.createRange()
      const text = th.querySelector('.sort-button')?.firstChild
      if (!arrow || !text) return Number.NaN
      words.selectNodeContents(text)
      return words.getBoundingClientRect().left - arrow.right
    })
    expect(gap).toBeGreaterThanOrEqual(-0.5)
    expect(gap).toBeLessThanOrEqual(2)
  })

  it('shows only the price list on /crypto, under its own h1', async () => {
    const { page } = await site.open(viewport)
    await visit(page, `${site.url}/crypto`)
    await waitForPrices(page)
    expect(await page.locator('main h1').allTextContents()).toEqual([
      "Today's Cryptocurrency Prices",
    ])
    expect(await page.locator('main > section').count()).toBe(1)
    expect(
      await page.locator('main .hero, main .about, main .trending, main .subscribe').count(),
    ).toBe(0)
    expect(await page.locator('.market-table tbody tr').count()).toBe(6)
  })
})
