import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../tests/render'

// Network answers come through MSW; under a loaded CI machine they can take over a second.
configure({ asyncUtilTimeout: 5000 })

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }))
}

describe('NavBar', () => {
  // The account area (Sign Up, Sign In, the account menu) is the auth feature's, tested there.
  it('links every item to its page', async () => {
    await renderApp('/contact')
    await screen.findAllByRole('heading', { name: 'Hello World' })
    const nav = mainNav()
    expect(nav.getByRole('link', { name: 'Coinvera' })).toHaveAttribute('href', '/')
    expect(
      ['Home', 'Company', 'About', 'Pricing', 'Contact'].map((name) =>
        nav.getByRole('link', { name }).getAttribute('href'),
      ),
    ).toEqual(['/', '/contact', '/contact', '/crypto', '/contact'])
  })

  it('marks the current page', async () => {
    await renderApp('/crypto')
    await screen.findByRole('heading', { level: 1 })
    const nav = mainNav()
    expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page')
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
    expect(nav.getByRole('link', { name: 'Contact' })).not.toHaveAttribute('aria-current')
  })

  /** The names of the main navigation's links that say they are the current page. */
  const currentLinks = () =>
    mainNav()
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent)

  it('marks only Contact on the contact page, which Company and About lead to as well', async () => {
    await renderApp('/contact')
    await screen.findAllByRole('heading', { name: 'Hello World' })
    expect(currentLinks()).toEqual(['Contact'])
  })

  it('marks the page whatever its query says', async () => {
    await renderApp('/crypto?currency=eur&sort=price_desc')
    await screen.findByRole('heading', { level: 1 })
    expect(currentLinks()).toEqual(['Pricing'])
  })

  // The Menu button is a <details> summary (it opens without JavaScript: the e2e tests); jsdom
  // gives a summary no role, so it is found by its text (in a span, hidden below 375 px).
  const disclosureOf = (summary: HTMLElement) => summary.closest('details') as HTMLDetailsElement
  const menuButton = async () =>
    (await mainNav().findByText('Menu')).closest<HTMLElement>('summary, button, a') as HTMLElement

  it('opens the phone menu, closes it with Escape and returns focus to the button', async () => {
    const user = userEvent.setup()
    await renderApp('/')
    const button = await menuButton()
    expect(button.tagName).toBe('SUMMARY')
    expect(disclosureOf(button).open).toBe(false)
    // The menu it controls follows the disclosure (CSS shows it while the disclosure is open).
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '')
    expect(disclosureOf(button).nextElementSibling).toBe(menu)

    await user.click(button)
    expect(disclosureOf(button).open).toBe(true)

    await user.tab()
    expect(mainNav().getByRole('link', { name: 'Home' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(disclosureOf(button).open).toBe(false)
    expect(button).toHaveFocus()
  })

  it('closes the phone menu when a link is followed', async () => {
    const user = userEvent.setup()
    await renderApp('/')
    const button = await menuButton()
    await user.click(button)
    await user.click(mainNav().getByRole('link', { name: 'Pricing' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: /cryptocurrency prices/i }),
    ).toBeInTheDocument()
    expect(disclosureOf(button).open).toBe(false)
  })
})
