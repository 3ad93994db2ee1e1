import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

// The coin page's alert section in each state a visitor can be in; answers come through MSW.
configure({ asyncUtilTimeout: 5000 })

const ADA = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }

function signedIn(emailVerified: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's companion cookie, as set at sign-in.
  document.cookie = 'coinvera_signed_in=1; Path=/'
  server.use(
    http.get('*/api/auth/session', () => HttpResponse.json({ user: { ...ADA, emailVerified } })),
  )
}

const section = async () =>
  within(await screen.findByRole('region', { name: 'Price alert' }, { timeout: 5000 }))

describe('the coin page’s price alert', () => {
  it('offers a signed-out visitor a way to sign in, not a form', async () => {
    await renderApp('/coins/bitcoin')
    const alert = await section()
    expect(await alert.findByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/signin')
    expect(alert.queryByRole('button', { name: 'Create alert' })).toBeNull()
  })

  it('tells an unconfirmed address why, and sends the verification again', async () => {
    signedIn(false)
    let sent = 0
    server.use(
      http.post('*/api/account/verification-email', () => {
        sent += 1
        return new HttpResponse(null, { status: 202 })
      }),
    )
    const user = userEvent.setup()
    await renderApp('/coins/bitcoin')
    const alert = await section()
    await user.click(await alert.findByRole('button', { name: 'Send the verification again' }))
    await alert.findByText('Link sent')
    expect(sent).toBe(1)
    expect(alert.queryByRole('button', { name: 'Create alert' })).toBeNull()
  })

  it('counts down when the server says too many alerts were created', async () => {
    signedIn(true)
    server.use(
      http.post('*/api/alerts', () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Too many requests. Try again later.' },
          { status: 429, headers: { 'Retry-After': '12' } },
        ),
      ),
    )
    const user = userEvent.setup()
    await renderApp('/coins/bitcoin')
    const alert = await section()
    await user.click(await alert.findByRole('button', { name: 'Create alert' }))
    const note = await alert.findByRole('alert')
    // Read after it appeared: a busy machine may have ticked once.
    expect(note.textContent).toMatch(
      /^Too many alerts created in a minute\. Try again in 1[12] s\.$/,
    )
  })
})
