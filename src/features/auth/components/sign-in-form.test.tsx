import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

// Network answers come through MSW; under a loaded CI machine they can take over a second.
configure({ asyncUtilTimeout: 5000 })

const ADA = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }

async function openForm() {
  const user = userEvent.setup()
  const rendered = await renderApp('/signin')
  await screen.findByRole('heading', { level: 1, name: /sign in/i })
  return { user, ...rendered }
}

describe('SignInForm', () => {
  it('has a username (the email, as its hint says) and a masked password, and links out', async () => {
    await renderApp('/signin')
    const username = await screen.findByLabelText('Username')
    expect(username).toHaveAttribute('autocomplete', 'username')
    expect(username).toHaveAccessibleDescription(/email address you signed up with/i)
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('link', { name: /create an account/i })).toHaveAttribute(
      'href',
      '/signup',
    )
    expect(screen.getByRole('link', { name: /back to home/i })).toHaveAttribute('href', '/')
  })

  it("prevents the browser's default submit, checks the fields and sends nothing", async () => {
    let posted = false
    server.use(
      http.post('*/api/auth/session', () => {
        posted = true
        return HttpResponse.json({ user: ADA })
      }),
    )
    await openForm()
    const form = screen.getByRole('form', { name: 'Sign in' })
    const event = new Event('submit', { bubbles: true, cancelable: true })
    fireEvent(form, event)
    expect(event.defaultPrevented).toBe(true)
    expect(await screen.findByLabelText('Username')).toHaveAccessibleDescription(
      /enter your email address/i,
    )
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/enter your password/i)
    expect(screen.getByLabelText('Username')).toHaveFocus()
    expect(posted).toBe(false)
  })

  it('sends the credentials, says so while pending, then goes home with a welcome', async () => {
    let body: unknown
    server.use(
      http.post('*/api/auth/session', async ({ request }) => {
        body = await request.json()
        await delay(50)
        return HttpResponse.json({ user: ADA })
      }),
    )
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText('Username'), 'Ada@Example.com')
    await user.type(screen.getByLabelText('Password'), 'analytical engine 1843')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('button', { name: /signing in/i })).toBeDisabled()
    const text = await screen.findByText(/welcome back, ada lovelace/i)
    // The note takes focus in an effect, which React may run a moment after the note is in the
    // page (a loaded machine caught the gap).
    await waitFor(() => expect(text.closest('[role="status"]')).toHaveFocus())
    expect(router.state.location.pathname).toBe('/')
    expect(body).toEqual({ username: 'Ada@Example.com', password: 'analytical engine 1843' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    // The signed-in menu's code comes once there is a session (account-menu.tsx).
    expect(await within(nav).findByText('Ada Lovelace')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /dismiss welcome/i }))
    expect(screen.queryByText(/welcome back/i)).toBeNull()
  })

  it('says so when the username or password is wrong, keeps the username, clears the password', async () => {
    server.use(
      http.post('*/api/auth/session', () =>
        HttpResponse.json(
          { error: 'invalid_credentials', message: 'Invalid username or password' },
          { status: 401 },
        ),
      ),
    )
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText('Username'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong password')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/invalid username or password/i)
    expect(screen.getByLabelText('Username')).toHaveValue('ada@example.com')
    expect(screen.getByLabelText('Password')).toHaveValue('')
    expect(router.state.location.pathname).toBe('/signin')
  })

  it('says how long to wait after too many attempts (429)', async () => {
    server.use(
      http.post('*/api/auth/session', () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Too many failed sign-ins. Try again later.' },
          { status: 429, headers: { 'Retry-After': '600' } },
        ),
      ),
    )
    const { user } = await openForm()
    await user.type(screen.getByLabelText('Username'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'guess')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/try again in 10 minutes/i)
  })

  it('says when the network fails and lets the visitor try again with what they typed', async () => {
    server.use(http.post('*/api/auth/session', () => HttpResponse.error()))
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText('Username'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'analytical engine 1843')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't reach coinvera/i)
    expect(screen.getByLabelText('Password')).toHaveValue('analytical engine 1843')

    server.use(http.post('*/api/auth/session', () => HttpResponse.json({ user: ADA })))
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/welcome back, ada lovelace/i)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})
