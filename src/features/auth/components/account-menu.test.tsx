import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'
import { authQueries } from '../session'

// Network answers come through MSW; under a loaded CI machine they can take over a second.
configure({ asyncUtilTimeout: 5000 })

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }))
}

/** The disclosure a summary (the phone menu's button, the account menu's name) opens. */
const disclosureOf = (summary: HTMLElement) => summary.closest('details') as HTMLDetailsElement

/** The account menu's summary: the signed-in user's name (jsdom gives a summary no role). */
async function accountToggle() {
  const name = await mainNav().findByText(/signed in as/i)
  return name.closest('summary') as HTMLElement
}

/** Opens the account menu (the signed-in user's name) and gives the navigation to search. */
async function openAccountMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await accountToggle())
  return mainNav()
}

describe('AccountMenu, in the navigation bar', () => {
  const ADA = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }
  const signedInCookie = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server's companion cookie, as set at sign-in.
    document.cookie = 'coinvera_signed_in=1; Path=/'
  }

  it('asks nobody who is signed in without the companion cookie: a visitor gets the links', async () => {
    let asked = false
    server.use(
      http.get('*/api/auth/session', () => {
        asked = true
        return HttpResponse.json({ user: ADA })
      }),
    )
    const { queryClient } = await renderApp('/contact')
    await screen.findAllByRole('heading', { name: 'Hello World' })
    const nav = mainNav()
    // Both bring the visitor back to this page.
    expect(
      ['Sign Up', 'Sign In'].map((name) => nav.getByRole('link', { name }).getAttribute('href')),
    ).toEqual(['/signup?return=%2Fcontact', '/signin?return=%2Fcontact'])
    // The menu is mounted, so a session query that may run has started by now: it must be held
    // back (disabled), not merely slow, and nothing went out.
    const { queryKey } = authQueries.session()
    expect(queryClient.getQueryCache().find({ queryKey })?.isDisabled()).toBe(true)
    expect(queryClient.getQueryState(queryKey)).toMatchObject({
      status: 'pending',
      fetchStatus: 'idle',
    })
    expect(asked).toBe(false)
  })

  it('closes the phone menu when Sign Up is followed', async () => {
    const user = userEvent.setup()
    await renderApp('/')
    const button = await mainNav().findByText('Menu')
    await user.click(button)
    expect(disclosureOf(button).open).toBe(true)
    await user.click(mainNav().getByRole('link', { name: 'Sign Up' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument()
    expect(disclosureOf(button).open).toBe(false)
  })

  it('shows the name and Sign out for a session; signing out brings back the links', async () => {
    signedInCookie()
    let deleted = false
    server.use(
      http.get('*/api/auth/session', () =>
        deleted
          ? HttpResponse.json({ error: 'unauthenticated', message: 'x' }, { status: 401 })
          : HttpResponse.json({ user: ADA }),
      ),
      http.delete('*/api/auth/session', () => {
        deleted = true
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const user = userEvent.setup()
    await renderApp('/crypto')
    const nav = mainNav()
    expect(await nav.findByText('Ada Lovelace')).toBeInTheDocument()
    expect(nav.getByText(/signed in as/i)).toBeInTheDocument()
    expect(nav.queryByRole('link', { name: 'Sign Up' })).toBeNull()
    // The choices wait behind the name (a closed disclosure) until asked for.
    const toggle = await accountToggle()
    expect(disclosureOf(toggle).open).toBe(false)

    await openAccountMenu(user)
    expect(disclosureOf(toggle).open).toBe(true)
    expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account')
    await user.click(nav.getByRole('button', { name: 'Sign out' }))
    const signIn = await nav.findByRole('link', { name: 'Sign In' })
    expect(deleted).toBe(true)
    expect(nav.queryByText('Ada Lovelace')).toBeNull()
    expect(signIn).toHaveFocus()
    // Said to screen readers, and nothing signed-in is left.
    expect(nav.getByRole('status')).toHaveTextContent('You are signed out.')
    expect(document.body).not.toHaveTextContent(/signed in/i)
  })

  it('an expired session (401) shows the links', async () => {
    signedInCookie()
    server.use(
      http.get('*/api/auth/session', () =>
        HttpResponse.json({ error: 'unauthenticated', message: 'x' }, { status: 401 }),
      ),
    )
    const { queryClient } = await renderApp('/contact')
    await screen.findAllByRole('heading', { name: 'Hello World' })
    const { queryKey } = authQueries.session()
    await expect.poll(() => queryClient.getQueryState(queryKey)?.status).toBe('success')
    expect(queryClient.getQueryData(queryKey)).toBeNull()
    expect(mainNav().getByRole('link', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('Sign out everywhere, from the keyboard: every session ends, the links come back', async () => {
    signedInCookie()
    let ended = false
    server.use(
      http.get('*/api/auth/session', () =>
        ended
          ? HttpResponse.json({ error: 'unauthenticated', message: 'x' }, { status: 401 })
          : HttpResponse.json({ user: ADA }),
      ),
      http.delete('*/api/auth/session', () => {
        throw new Error('this browser only: not what was asked')
      }),
      http.delete('*/api/auth/sessions', () => {
        ended = true
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const user = userEvent.setup()
    await renderApp('/contact')
    const nav = mainNav()
    // Escape closes the menu and leaves focus on the name (Enter on a summary: the e2e tests).
    const toggle = await accountToggle()
    await user.click(toggle)
    expect(disclosureOf(toggle).open).toBe(true)
    await user.tab()
    expect(nav.getByRole('link', { name: 'Account' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(disclosureOf(toggle).open).toBe(false)
    expect(toggle).toHaveFocus()
    // Open again, Tab past Account, Watchlist, Portfolio, Price alerts and Sign out to Sign out
    // everywhere.
    await user.click(toggle)
    await user.tab()
    expect(nav.getByRole('link', { name: 'Account' })).toHaveFocus()
    await user.tab()
    // The bar has a Watchlist link too (shown on phones): the menu's has focus.
    expect(document.activeElement).toHaveTextContent('Watchlist')
    await user.tab()
    expect(document.activeElement).toHaveTextContent('Portfolio')
    await user.tab()
    expect(nav.getByRole('link', { name: 'Price alerts' })).toHaveAttribute(
      'href',
      '/account/alerts',
    )
    expect(nav.getByRole('link', { name: 'Price alerts' })).toHaveFocus()
    await user.tab()
    await user.tab()
    expect(nav.getByRole('button', { name: 'Sign out everywhere' })).toHaveFocus()
    await user.keyboard('{Enter}')
    const signIn = await nav.findByRole('link', { name: 'Sign In' })
    expect(ended).toBe(true)
    expect(nav.queryByText('Ada Lovelace')).toBeNull()
    expect(signIn).toHaveFocus()
    expect(nav.getByRole('status')).toHaveTextContent('You are signed out.')
  })

  it('a session already ended elsewhere (401) counts as signed out everywhere', async () => {
    signedInCookie()
    server.use(
      http.get('*/api/auth/session', () => HttpResponse.json({ user: ADA })),
      http.delete('*/api/auth/sessions', () =>
        HttpResponse.json({ error: 'unauthenticated', message: 'x' }, { status: 401 }),
      ),
    )
    const user = userEvent.setup()
    await renderApp('/contact')
    const nav = await openAccountMenu(user)
    await user.click(nav.getByRole('button', { name: 'Sign out everywhere' }))
    expect(await nav.findByRole('link', { name: 'Sign In' })).toBeInTheDocument()
    expect(nav.queryByRole('alert')).toBeNull()
  })

  it('says so when signing out everywhere fails, and stays signed in', async () => {
    signedInCookie()
    server.use(
      http.get('*/api/auth/session', () => HttpResponse.json({ user: ADA })),
      http.delete('*/api/auth/sessions', () => HttpResponse.error()),
    )
    const user = userEvent.setup()
    await renderApp('/contact')
    const nav = await openAccountMenu(user)
    await user.click(nav.getByRole('button', { name: 'Sign out everywhere' }))
    expect(await nav.findByRole('alert')).toHaveTextContent(/sign-out failed/i)
    expect(nav.getByText('Ada Lovelace')).toBeInTheDocument()
  })

  it('says so when signing out fails, and stays signed in', async () => {
    signedInCookie()
    server.use(
      http.get('*/api/auth/session', () => HttpResponse.json({ user: ADA })),
      http.delete('*/api/auth/session', () => HttpResponse.error()),
    )
    const user = userEvent.setup()
    await renderApp('/contact')
    const nav = await openAccountMenu(user)
    await user.click(nav.getByRole('button', { name: 'Sign out' }))
    expect(await nav.findByRole('alert')).toHaveTextContent(/sign-out failed/i)
    expect(nav.getByText('Ada Lovelace')).toBeInTheDocument()
  })
})
