import { configure, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../tests/render'

configure({ asyncUtilTimeout: 5000 })

// The product's specification fixes the home page's content (SEED-SPEC, "Home page, in order"):
// these are its words, not ours to rewrite. Deviations are listed in the README.
describe('the home page holds the product specification', () => {
  async function home() {
    await renderApp('/')
    await screen.findByRole('heading', { level: 1 })
    return within(screen.getByRole('main'))
  }

  it('keeps its seven sections in the specified order', async () => {
    await home()
    const sections = [...document.querySelectorAll('main > section, body footer')].map(
      (section) => section.querySelector('h1, h2')?.textContent,
    )
    expect(sections).toEqual([
      'Make better business with cryptocurrency',
      "Today's Cryptocurrency Prices",
      'Built for trust, designed for ease',
      'Take Coinvera with you',
      'Top 7 Trending Search Coins',
      'Stay ahead of the market',
      'Company',
    ])
  })

  it('has the hero tagline, with Get Started leading to sign-up', async () => {
    const main = await home()
    expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Make better business with cryptocurrency',
    )
    expect(document.title).toBe('Coinvera — Make better business with cryptocurrency')
    expect(main.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup')
  })

  it('has the about block: three columns, their headings and points', async () => {
    const main = await home()
    const about = main.getByRole('region', { name: 'Built for trust, designed for ease' })
    const columns = within(about)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => ({
        title: heading.textContent,
        points: [...(heading.parentElement?.querySelectorAll('ul li') ?? [])].map(
          (item) => item.textContent,
        ),
      }))
    expect(columns).toEqual([
      {
        title: 'Ease of Trading',
        points: [
          'Intuitive interface',
          'Instant deposit options',
          'Cash out directly to the bank account',
        ],
      },
      {
        title: 'Institutional-grade Security',
        points: [
          '98% of assets stored safely offline',
          'Highly encrypted personal data',
          'Whitelisting and transaction confirmations',
        ],
      },
      {
        title: 'Proven Reliability',
        points: [
          '24/7 dedicated support',
          'Industry-leading uptime',
          'Exchanging bitcoin since 2011',
        ],
      },
    ])
  })

  it('has the phone-app promo with its two store-style badge images', async () => {
    const main = await home()
    const promo = main.getByRole('region', { name: 'Take Coinvera with you' })
    const badges = within(promo)
      .getAllByRole('img', { name: /App Store|Google Play/ })
      .map((image) => [image.getAttribute('alt'), image.getAttribute('src')])
    expect(badges).toEqual([
      ['Download on the App Store', '/images/badge-app-store.svg'],
      ['Get it on Google Play', '/images/badge-google-play.svg'],
    ])
  })

  it('has the subscribe banner, whose Subscribe button leads home and nowhere else', async () => {
    const main = await home()
    const banner = main.getByRole('region', { name: 'Stay ahead of the market' })
    const subscribe = within(banner).getAllByRole('link', { name: 'Subscribe' })
    expect(subscribe).toHaveLength(1)
    expect(subscribe[0]).toHaveAttribute('href', '/')
  })

  it('has the footer: five headings and the 2021 copyright line', async () => {
    await home()
    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Company',
      'Businesses',
      'Exchange',
      'Blockchain',
      'Resources',
    ])
    expect(footer.getByText(/^© 2021 Coinvera$/)).toBeInTheDocument()
  })
})
