import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import coinsBitcoin from '../../../../mocks/fixtures/coins-bitcoin.json'
import bitcoinChart from '../../../../mocks/fixtures/coins-bitcoin-market-chart-7.json'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'
import { changeIn } from '../figures'
import { athDetail, homepageUrl } from './coin-page'

// Network answers come through MSW; under a loaded CI machine they can take over a second.
configure({ asyncUtilTimeout: 5000 })

const figure = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

describe('coin page', () => {
  it("shows the coin's name, price, change and key figures", async () => {
    await renderApp('/coins/bitcoin')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitcoin BTC' })).toBeVisible()
    expect(screen.getByText('Rank').textContent).toBe('Rank #1')
    expect(screen.getByText('$97,412.00', { selector: '.coin-page__price-value' })).toBeVisible()
    expect(screen.getByText('up', { exact: false, selector: '.visually-hidden' })).toBeTruthy()
    expect(figure('Market cap')).toBe('$1,938,227,011,865')
    expect(figure('24 h volume')).toBe('$41,852,331,007')
    expect(figure('24 h high')).toBe('$99,360.24')
    expect(figure('24 h low')).toBe('$94,872.31')
    expect(figure('Circulating supply')).toBe('19,897,675 BTC')
    expect(figure('Max supply')).toBe('21,000,000 BTC')
    expect(figure('All-time high')).toBe('$126,080.00Oct 6, 2025 · 22.74% below')
    const homepage = screen.getByRole('link', { name: /bitcoin website/i })
    expect(homepage).toHaveAttribute('href', 'http://www.bitcoin.org/')
    expect(homepage).toHaveAttribute('rel', 'nofollow noopener')
    expect(screen.getByRole('link', { name: 'CoinGecko' })).toBeVisible()
  })

  it('draws the chart with an accessible name, a text summary and a data table', async () => {
    await renderApp('/coins/bitcoin')
    const chart = await screen.findByRole('img', { name: 'Bitcoin price, 7-day' })
    expect(chart).toHaveAccessibleDescription('7-day range $94,555.44–$101,339.74, down 3.41%')
    const table = screen.getByRole('table', { name: /bitcoin price, 7-day/i })
    expect(within(table).getAllByRole('row')).toHaveLength(26)
    const sevenDays = screen.getByRole('link', { name: 'Show 7 d' })
    expect(sevenDays).toHaveAttribute('aria-current', 'page')
    expect(sevenDays).toHaveAttribute('href', '/coins/bitcoin')
  })

  it('steps through the prices with the keyboard', async () => {
    const user = userEvent.setup()
    await renderApp('/coins/bitcoin')
    const plot = await screen.findByRole('group', { name: /bitcoin price chart/i })
    plot.focus()
    await user.keyboard('{End}')
    expect(plot.closest('figure')?.querySelector('.coin-chart__readout-price')).toHaveTextContent(
      '$97,412.00',
    )
    await user.keyboard('{Home}')
    expect(plot.closest('figure')?.querySelector('.coin-chart__readout-price')).toHaveTextContent(
      '$100,853.82',
    )
  })

  it('changes the range in the URL and draws that span', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/coins/bitcoin')
    await user.click(await screen.findByRole('link', { name: 'Show 30 d' }))
    expect(router.state.location.search).toEqual({ range: '30d' })
    expect(await screen.findByRole('img', { name: 'Bitcoin price, 30-day' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Show 30 d' })).toHaveAttribute('aria-current', 'page')
  })

  it.each([
    ['/coins/bitcoin', '7 d'],
    ['/coins/bitcoin?range=24h', '24 h'],
    ['/coins/bitcoin?range=30d&currency=eur', '30 d'],
    ['/coins/bitcoin?range=1y&utm_source=news', '1 y'],
    ['/coins/bitcoin?range=7d', '7 d'],
    ['/coins/bitcoin?currency=doge', '7 d'],
  ])('on %s marks exactly one range as current: %s', async (path, shown) => {
    await renderApp(path)
    const ranges = within(await screen.findByRole('navigation', { name: 'Chart range' }))
    await screen.findByRole('img', { name: /^Bitcoin price/ })
    const current = ranges
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent)
    expect(current).toEqual([`Show ${shown}`])
  })

  it('labels sample data beside the price, and says why', async () => {
    server.use(
      http.get('*/coins/bitcoin', () =>
        HttpResponse.json(coinsBitcoin, { headers: { 'X-Data-Source': 'sample' } }),
      ),
    )
    await renderApp('/coins/bitcoin')
    const price = await screen.findByText('$97,412.00', { selector: '.coin-page__price-value' })
    expect(within(price.parentElement as HTMLElement).getByText('Sample data')).toBeVisible()
    expect(screen.getByText('Live prices are unavailable')).toBeVisible()
  })

  it('labels a sample chart beside live figures', async () => {
    server.use(
      http.get('*/coins/bitcoin/market_chart', () =>
        HttpResponse.json(bitcoinChart, { headers: { 'X-Data-Source': 'sample' } }),
      ),
    )
    await renderApp('/coins/bitcoin')
    await screen.findByText('$97,412.00', { selector: '.coin-page__price-value' })
    const heading = await screen.findByRole('heading', { name: /Price chart/ })
    await waitFor(() => expect(within(heading).getByText('Sample data')).toBeVisible())
    const price = screen.getByText('$97,412.00', { selector: '.coin-page__price-value' })
    expect(within(price.parentElement as HTMLElement).queryByText('Sample data')).toBeNull()
  })

  it("shows the address's currency: price, change, key figures and chart", async () => {
    const { market_data: m } = coinsBitcoin
    await renderApp('/coins/bitcoin?currency=eur')
    expect(
      await screen.findByText('€84,105.52', { selector: '.coin-page__price-value' }),
    ).toBeVisible()
    // The change in euros, not the dollar one (1.84215 %).
    expect(screen.getByText('1.84%', { exact: false, selector: '.coin-page__change' })).toBeTruthy()
    expect(figure('Market cap')).toBe('€1,673,465,202,044')
    expect(figure('24 h high')).toBe('€85,787.63')
    expect(figure('All-time high')).toBe('€108,857.47Oct 6, 2025 · 22.74% below')
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('eur')
    const chart = await screen.findByRole('img', { name: 'Bitcoin price, 7-day' })
    expect(chart.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByRole('table', { name: /in euros/ })).toBeTruthy()
    expect(screen.getByText(/^7-day range €/)).toBeVisible()
    // Ether: up to eight significant digits.
    await renderApp('/coins/bitcoin?currency=eth')
    expect(
      await screen.findByText(`Ξ${m.current_price.eth}`, { selector: '.coin-page__price-value' }),
    ).toBeVisible()
  })

  it('changes the currency from its menu, and a range keeps it', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/coins/bitcoin')
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Currency' }), 'jpy')
    await waitFor(() => expect(router.state.location.search).toEqual({ currency: 'jpy' }))
    expect(
      await screen.findByText('¥15,138,799', { selector: '.coin-page__price-value' }),
    ).toBeVisible()
    expect(await screen.findByText(/^7-day range ¥[\d,]+–¥[\d,]+,/)).toBeVisible()
    await user.click(screen.getByRole('link', { name: 'Show 30 d' }))
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ range: '30d', currency: 'jpy' }),
    )
    expect(await screen.findByText(/^30-day range ¥/)).toBeVisible()
    expect(localStorage.getItem('coinvera-currency')).toBe('jpy')
  })

  it('offers the menu while the coin loads, and the same menu once it is here', async () => {
    let answer: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.use(
      http.get('*/coins/bitcoin', async () => {
        await held
        return HttpResponse.json(coinsBitcoin)
      }),
    )
    const user = userEvent.setup()
    const { router } = await renderApp('/coins/bitcoin')
    const menu = await screen.findByRole('combobox', { name: 'Currency' })
    // The page's own status (the navigation has one for signing out).
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Loading the coin',
    )
    answer()
    await screen.findByText('$97,412.00', { selector: '.coin-page__price-value' })
    // The coin's arrival did not replace the select a visitor may be using.
    expect(screen.getByRole('combobox', { name: 'Currency' })).toBe(menu)
    await user.selectOptions(menu, 'gbp')
    await waitFor(() => expect(router.state.location.search).toEqual({ currency: 'gbp' }))
    expect(
      await screen.findByText('£74,150.01', { selector: '.coin-page__price-value' }),
    ).toBeVisible()
  })

  it('falls back to 7 d for a range it does not know, and keeps the default out of the URL', async () => {
    const { router } = await renderApp('/coins/bitcoin?range=5y')
    expect(router.state.location.search).toEqual({})
    expect(router.state.location.href).toBe('/coins/bitcoin')
    expect(await screen.findByRole('img', { name: 'Bitcoin price, 7-day' })).toBeVisible()
  })

  it('renders a hostile description as inert text', async () => {
    server.use(
      http.get('*/coins/bitcoin', () =>
        HttpResponse.json({
          ...coinsBitcoin,
          description: {
            en: '<img src=x onerror="window.hacked=1">Evil <script>window.hacked=2</script><a href="javascript:alert(1)">click</a>',
          },
          links: { homepage: ['javascript:alert(1)', 'https://bitcoin.org'] },
        }),
      ),
    )
    const { container } = await renderApp('/coins/bitcoin')
    const about = await screen.findByRole('region', { name: 'About Bitcoin' })
    expect(about.querySelector('.coin-about__text')?.textContent).toBe('Evil click')
    expect(container.querySelector('img[src="x"], script, a[href^="javascript"]')).toBeNull()
    expect(within(about).getByRole('link')).toHaveAttribute('href', 'https://bitcoin.org/')
  })

  it('says how long to wait when the upstream budget is spent', async () => {
    server.use(
      http.get('*/coins/bitcoin', () =>
        HttpResponse.json(
          { error: 'upstream_busy', message: 'Too many upstream calls.' },
          { status: 503, headers: { 'Retry-After': '12' } },
        ),
      ),
    )
    await renderApp('/coins/bitcoin')
    // From the answer's Retry-After; a busy machine may have let a second pass.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Too many requests right now; try again in (12|11) s/,
    )
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible()
  })

  it('offers a retry when the coin fails to load, and shows it once it does', async () => {
    const user = userEvent.setup()
    let fail = true
    server.use(
      http.get('*/coins/bitcoin', () =>
        fail ? HttpResponse.error() : HttpResponse.json(coinsBitcoin),
      ),
    )
    await renderApp('/coins/bitcoin')
    const retry = await screen.findByRole('button', { name: 'Retry' })
    fail = false
    await user.click(retry)
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitcoin BTC' })).toBeVisible()
  })

  it("is headed by the coin's name, not its id, when a link leads to a coin whose data fails", async () => {
    server.use(http.get('*/coins/tether', () => HttpResponse.error()))
    const user = userEvent.setup()
    await renderApp('/')
    // The price list's row: its name and symbol.
    await user.click(await screen.findByRole('link', { name: 'Tether USDT' }))
    await screen.findByRole('button', { name: 'Retry' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Tether$/)
  })

  it("is headed by the name a search showed, when the coin's data fails", async () => {
    server.use(
      http.get('*/api/search', () =>
        HttpResponse.json({
          coins: [{ id: 'usd-coin', name: 'USDC', symbol: 'usdc', rank: 7, image: null }],
        }),
      ),
      http.get('*/coins/usd-coin', () => HttpResponse.error()),
    )
    const user = userEvent.setup()
    await renderApp('/search?q=usd')
    const found = await screen.findByRole('list', { name: 'Coins found' })
    await user.click(within(found).getByRole('link', { name: /USDC/ }))
    await screen.findByRole('button', { name: 'Retry' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^USDC$/)
  })

  it('is the not-found page for a coin the server does not know, or an id no coin can have', async () => {
    server.use(
      http.get('*/coins/no-such-coin', () =>
        HttpResponse.json({ error: 'unknown_coin', message: 'No such coin.' }, { status: 404 }),
      ),
      http.get('*/coins/no-such-coin/market_chart', () =>
        HttpResponse.json({ error: 'unknown_coin', message: 'No such coin.' }, { status: 404 }),
      ),
    )
    await renderApp('/coins/no-such-coin')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    await renderApp('/coins/bit%07coin')
    expect(await screen.findAllByRole('heading', { name: 'Page not found' })).toHaveLength(2)
  })
})

describe('page details', () => {
  it("gives the 24 h change in the page's currency: the dollar figure only for dollars", () => {
    const market = {
      price_change_percentage_24h: 1.8,
      price_change_percentage_24h_in_currency: { usd: 1.8, eur: -0.4, btc: null },
    }
    expect(changeIn(market, 'usd')).toBe(1.8)
    expect(changeIn(market, 'eur')).toBe(-0.4)
    // Not known in that currency: unknown, never the dollar change in its place.
    expect(changeIn(market, 'btc')).toBeNull()
    expect(changeIn(market, 'gbp')).toBeNull()
    expect(changeIn({ price_change_percentage_24h: 1.8 }, 'usd')).toBe(1.8)
    expect(changeIn(null, 'usd')).toBeUndefined()
  })

  it('says how far below its all-time high the price is', () => {
    expect(athDetail('2025-10-06T18:57:42.558Z', -12.4)).toBe('Oct 6, 2025 · 12.40% below')
    expect(athDetail(null, 0)).toBe('at its high')
    expect(athDetail(undefined, undefined)).toBe('')
  })

  it('links only an http(s) homepage', () => {
    expect(homepageUrl(['', 'javascript:alert(1)', 'https://a.example/x'])).toEqual({
      href: 'https://a.example/x',
      host: 'a.example',
    })
    expect(homepageUrl(['data:text/html,hi', 'not a url'])).toBeNull()
    expect(homepageUrl(null)).toBeNull()
  })
})
