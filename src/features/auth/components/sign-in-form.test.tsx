import { configure, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../../tests/render'

// Network answers come through MSW; under a loaded CI machine they can take over a second.
configure({ asyncUtilTimeout: 5000 })

describe('SignInForm', () => {
  it('has a username and a masked password, and links to sign-up and home', async () => {
    await renderApp('/signin')
    expect(await screen.findByLabelText('Username')).toHaveAttribute('autocomplete', 'username')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('link', { name: /create an account/i })).toHaveAttribute(
      'href',
      '/signup',
    )
    expect(screen.getByRole('link', { name: /back to home/i })).toHaveAttribute('href', '/')
  })

  it("prevents the browser's default submit and keeps what was typed", async () => {
    const user = userEvent.setup()
    await renderApp('/signin')
    await user.type(await screen.findByLabelText('Username'), 'ada@example.com')
    const form = screen.getByRole('form', { name: 'Sign in' })
    const event = new Event('submit', { bubbles: true, cancelable: true })
    fireEvent(form, event)
    expect(event.defaultPrevented).toBe(true)
    expect(screen.getByLabelText('Username')).toHaveValue('ada@example.com')
    expect(screen.getByRole('status')).toHaveTextContent(/signing in opens soon/i)
  })
})
