import { configure, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

// The account page's "Send the link again" (the same form as a coin page's alert section, whose
// test is create-alert-section.test.tsx); answers come through MSW.
configure({ asyncUtilTimeout: 5000 })

function signedInUnconfirmed() {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's companion cookie, as set at sign-in.
  document.cookie = 'coinvera_signed_in=1; Path=/'
  const user = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: false }
  server.use(
    http.get('*/api/auth/session', () => HttpResponse.json({ user })),
    http.get('*/api/account', () =>
      HttpResponse.json({ account: { ...user, phoneNumber: null, pendingEmail: null } }),
    ),
  )
}

const form = () => screen.findByRole('form', { name: 'Confirm your email address' })

describe('the account page’s Send the link again', () => {
  it('sends the link once and says what to do next', async () => {
    signedInUnconfirmed()
    let sent = 0
    server.use(
      http.post('*/api/account/verification-email', () => {
        sent += 1
        return new HttpResponse(null, { status: 202 })
      }),
    )
    const user = userEvent.setup()
    await renderApp('/account')
    expect(await screen.findByText('✗ Not confirmed yet')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }))
    await screen.findByText(/We sent you a new link/)
    expect(sent).toBe(1)
  })

  it('says why when sending fails, and keeps the button', async () => {
    signedInUnconfirmed()
    server.use(
      http.post('*/api/account/verification-email', () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Too many requests. Try again later.' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    )
    const user = userEvent.setup()
    await renderApp('/account')
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/try again/i)
    expect(await form()).toContainElement(
      screen.getByRole('button', { name: 'Send the link again' }),
    )
    expect(screen.queryByText(/We sent you a new link/)).toBeNull()
  })
})
