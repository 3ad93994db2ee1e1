import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

// Network answers come through MSW; under a loaded CI machine they can take over a second.
configure({ asyncUtilTimeout: 5000 })

beforeEach(() => {
  // postSignUp logs the created account, as the product asks.
  vi.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

async function openForm() {
  const user = userEvent.setup()
  await renderApp('/signup')
  await screen.findByRole('heading', { level: 1, name: /create your account/i })
  return user
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace')
  await user.type(screen.getByLabelText('Email'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), 'analytical engine 1843')
  await user.type(screen.getByLabelText('Phone Number'), '+44 20 7946 0958')
}

describe('SignUpForm', () => {
  it('has labelled fields of the right kinds', async () => {
    await openForm()
    expect(screen.getByLabelText('Name')).toHaveAttribute('autocomplete', 'name')
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password')
    const phone = screen.getByLabelText('Phone Number')
    expect(phone).toHaveAttribute('type', 'tel')
    expect(phone).toHaveAttribute('inputmode', 'tel')
    const form = within(screen.getByRole('form', { name: 'Sign up' }))
    expect(form.getByRole('link', { name: /sign in/i })).toHaveAttribute('href', '/signin')
    expect(form.getByRole('link', { name: /back to home/i })).toHaveAttribute('href', '/')
  })

  it('shows and hides the password', async () => {
    const user = await openForm()
    const toggle = screen.getByRole('button', { name: 'Show password' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await user.click(toggle)
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text')
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await user.click(toggle)
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
  })

  it('checks a field when the visitor leaves it, and clears the error once fixed', async () => {
    const user = await openForm()
    const email = screen.getByLabelText('Email')
    await user.type(email, 'not-an-email')
    await user.tab()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(/valid email address/i)
    await user.clear(email)
    await user.type(email, 'ada@example.com')
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText(/valid email address/i)).not.toBeInTheDocument()
  })

  it('checks every field on submit, sends nothing, and focuses the first problem', async () => {
    let posted = false
    server.use(
      http.post('*/api/auth', () => {
        posted = true
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    const user = await openForm()
    await user.type(screen.getByLabelText('Password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name.')
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/enter your email/i)
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      /at least 8 characters\./i,
    )
    expect(screen.getByLabelText('Phone Number')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Name')).toHaveFocus()
    expect(posted).toBe(false)
  })

  it('sends the fields, says so while pending, then goes home signed in, with a welcome', async () => {
    let body: unknown
    server.use(
      http.post('*/api/auth', async ({ request }) => {
        body = await request.json()
        await delay(50)
        return HttpResponse.json(
          {
            id: 'a1',
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            phoneNumber: '+44 20 7946 0958',
            createdAt: '2026-11-23T10:00:00.000Z',
          },
          { status: 201 },
        )
      }),
    )
    const user = userEvent.setup()
    const { router } = await renderApp('/signup')
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('button', { name: /submitting/i })).toBeDisabled()
    const text = await screen.findByText(/welcome to coinvera, ada lovelace!.*signed in/i)
    const welcome = text.closest('[role="status"]')
    // Focus comes from an effect, which React may run a moment after the note is in the page.
    await waitFor(() => expect(welcome).toHaveFocus())
    // Alerts need a confirmed address: the welcome says where the confirmation went.
    expect(welcome).toHaveTextContent(
      'We sent a confirmation email to ada@example.com: open its link to confirm your address, as price alerts need.',
    )
    expect(router.state.location.pathname).toBe('/')
    // The navigation bar knows who is signed in, without asking the server again.
    const nav = screen.getByRole('navigation', { name: 'Main' })
    // The signed-in menu's code comes once there is a session (account-menu.tsx).
    expect(await within(nav).findByText('Ada Lovelace')).toBeInTheDocument()
    expect(
      within(nav)
        .getByText(/signed in as/i)
        .closest('summary'),
    ).toHaveTextContent(/signed in as\s*ada lovelace/i)
    expect(within(nav).queryByRole('link', { name: 'Sign In' })).toBeNull()
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical engine 1843',
      phoneNumber: '+44 20 7946 0958',
    })
  })

  it("puts the server's 400 messages next to their fields and keeps the input", async () => {
    server.use(
      http.post('*/api/auth', () =>
        HttpResponse.json(
          {
            error: 'validation_failed',
            message: 'Some fields need attention.',
            issues: [{ field: 'phoneNumber', message: 'This number cannot receive texts.' }],
          },
          { status: 400 },
        ),
      ),
    )
    const user = await openForm()
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    const phone = screen.getByLabelText('Phone Number')
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'))
    expect(phone).toHaveAccessibleDescription(/cannot receive texts/i)
    expect(phone).toHaveValue('+44 20 7946 0958')
    expect(screen.getByLabelText('Password')).toHaveValue('analytical engine 1843')
  })

  it('says when an account with this email already exists (409)', async () => {
    server.use(
      http.post('*/api/auth', () =>
        HttpResponse.json(
          { error: 'email_taken', message: 'An account with this email already exists.' },
          { status: 409 },
        ),
      ),
    )
    const user = await openForm()
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    const email = screen.getByLabelText('Email')
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription(/an account with this email already exists/i)
    expect(email).toHaveValue('ada@example.com')
  })

  it('says when the network fails and lets the visitor try again', async () => {
    server.use(http.post('*/api/auth', () => HttpResponse.error()))
    const user = await openForm()
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't reach coinvera/i)
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace')
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled()

    server.resetHandlers() // the connection is back
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/welcome to coinvera, ada lovelace/i)).toBeInTheDocument()
  })
})
