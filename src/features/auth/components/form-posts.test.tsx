import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

configure({ asyncUtilTimeout: 5000 })

const ADA = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the forms without their script', () => {
  it.each([
    ['/signin', 'Sign in', '/api/auth/session'],
    ['/signup', 'Sign up', '/api/auth'],
  ])('%s posts to the API, never with GET', async (path, name, action) => {
    await renderApp(path)
    const form = await screen.findByRole('form', { name })
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('action', action)
  })

  it('shows why a post came back (?error=), as an alert', async () => {
    await renderApp('/signin?error=invalid_credentials')
    const form = await screen.findByRole('form', { name: 'Sign in' })
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Invalid username or password. Check both and try again.',
    )
  })

  it.each([
    ['validation_failed', /enter your name, a valid email address/i],
    ['email_taken', /already exists/i],
    ['rate_limited', /too many attempts/i],
    ['unavailable', /on our side/i],
  ])('says what %s means on the sign-up page', async (code, message) => {
    await renderApp(`/signup?error=${code}`)
    const form = await screen.findByRole('form', { name: 'Sign up' })
    expect(within(form).getByRole('alert')).toHaveTextContent(message)
  })

  it('ignores an error it does not know (nothing from the address is echoed)', async () => {
    await renderApp('/signup?error=%3Cb%3Ehacked%3C%2Fb%3E')
    const form = await screen.findByRole('form', { name: 'Sign up' })
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText(/hacked/)).not.toBeInTheDocument()
  })
})

describe('offline', () => {
  it('a sign-in fails at once with a message, and works when the connection is back', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    server.use(http.post('*/api/auth/session', () => HttpResponse.error()))
    const user = userEvent.setup()
    const { router } = await renderApp('/signin')
    await user.type(await screen.findByLabelText('Username'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'analytical engine 1843')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You're offline — check your connection and try again.",
    )
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled()
    expect(JSON.stringify({ ...localStorage })).not.toContain('analytical')

    online.mockReturnValue(true)
    server.use(http.post('*/api/auth/session', () => HttpResponse.json({ user: ADA })))
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/welcome back, ada lovelace/i)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})
