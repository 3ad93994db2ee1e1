import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

// Network answers come through MSW; under a loaded CI machine they can take over a second.
configure({ asyncUtilTimeout: 5000 })

const ADA = { id: 'u1', name: 'Ada', email: 'ada@example.com' }

/** Signed in as Ada until the visitor signs out (the server's answers, through MSW). */
function signedInAsAda() {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's companion cookie, as set at sign-in.
  document.cookie = 'coinvera_signed_in=1; Path=/'
  let signedIn = true
  server.use(
    http.get('*/api/auth/session', () =>
      signedIn
        ? HttpResponse.json({ user: ADA })
        : HttpResponse.json({ error: 'unauthenticated', message: 'x' }, { status: 401 }),
    ),
    http.delete('*/api/auth/session', () => {
      signedIn = false
      return new HttpResponse(null, { status: 204 })
    }),
  )
}

describe.each([
  ['/signup', 'Sign up'],
  ['/signin', 'Sign in'],
])('%s for a signed-in visitor', (path, formName) => {
  it('says who is signed in, with the account, the prices and a way out instead of the form', async () => {
    signedInAsAda()
    const user = userEvent.setup()
    await renderApp(path)
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're signed in" }),
    ).toBeInTheDocument()
    const main = within(screen.getByRole('main'))
    expect(main.getByText(/you're signed in as/i)).toHaveTextContent("You're signed in as Ada.")
    expect(main.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    )
    expect(main.getByRole('link', { name: "See today's prices" })).toHaveAttribute(
      'href',
      '/crypto',
    )
    // No form, and no heading of the form, under the signed-in state.
    expect(screen.queryByRole('form', { name: formName })).toBeNull()
    expect(screen.queryByRole('heading', { name: /create your account|^sign in$/i })).toBeNull()

    await user.click(main.getByRole('button', { name: 'Sign out' }))
    const form = await screen.findByRole('form', { name: formName })
    expect(screen.queryByText(/signed in as/i)).toBeNull()
    // Focus moves from the vanished button to the form's first field.
    expect(within(form).getAllByRole('textbox')[0]).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent('You are signed out.')
  })

  it('shows the form to a visitor', async () => {
    await renderApp(path)
    expect(await screen.findByRole('form', { name: formName })).toBeInTheDocument()
    expect(screen.queryByText(/signed in as/i)).toBeNull()
  })
})

describe('Get Started on the home page', () => {
  it('leads a visitor to the sign-up form', async () => {
    await renderApp('/')
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/signup',
    )
  })

  it('leads a signed-in visitor to the prices', async () => {
    signedInAsAda()
    await renderApp('/')
    const link = await screen.findByRole('link', { name: 'Get Started' })
    await expect.poll(() => link.getAttribute('href')).toBe('/crypto')
  })
})

describe('the home page banner', () => {
  it('keeps Subscribe leading home, and offers a visitor an account for price alerts', async () => {
    await renderApp('/')
    const banner = await screen.findByRole('region', { name: 'Stay ahead of the market' })
    expect(within(banner).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/')
    expect(banner).toHaveTextContent(/price alerts by email come free with an account/i)
    expect(within(banner).getByRole('link', { name: 'create one' })).toHaveAttribute(
      'href',
      '/signup',
    )
  })

  it('leads a signed-in visitor to their alerts', async () => {
    signedInAsAda()
    await renderApp('/')
    const banner = await screen.findByRole('region', { name: 'Stay ahead of the market' })
    const link = await within(banner).findByRole('link', { name: 'see your alerts' })
    expect(link).toHaveAttribute('href', '/account/alerts')
    expect(within(banner).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/')
  })
})
