import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../../tests/render'

// The pages an emailed link opens, when the link lost its token or the server refused it.
describe('a link that does not work', () => {
  it.each([
    ['/verify-email', 'Your account', '/account'],
    ['/reset-password', 'Ask for a new link', '/forgot-password'],
    ['/alerts/delete', 'Your alerts', '/account/alerts'],
  ])(
    '%s without its token says to open the whole link, and where to go',
    async (path, name, to) => {
      await renderApp(path)
      const title = await screen.findByText('This link does not work')
      const status = title.closest('[role="status"]')
      expect(status).toHaveTextContent('Open the link from the email again, as it is')
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', to)
    },
  )

  it('an expired reset link says so, and how long a link works', async () => {
    await renderApp('/reset-password?error=invalid_token')
    expect(
      await screen.findByText(
        /It has expired or was already used\. A link works once, for 30 minutes\./,
      ),
    ).toBeInTheDocument()
  })

  it('a change-of-address link whose address another account took says so, and where to go', async () => {
    await renderApp('/verify-email?error=email_taken')
    expect(
      await screen.findByText(
        /Another account uses this address now\. Your address was not changed\. Sign in, and choose another address/,
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account')
    expect(screen.queryByRole('button', { name: 'Confirm my email address' })).toBeNull()
  })
})
