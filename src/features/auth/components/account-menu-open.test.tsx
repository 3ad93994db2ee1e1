import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { expect, it } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'
import type { SessionUser } from '@contract/session'
import { authQueries } from '../session'

// A file of its own: the menu's code must not have loaded yet when the test starts (a module
// keeps it once loaded), as on a visitor's first page.
configure({ asyncUtilTimeout: 5000 })

it('an open account menu stays open when the session renders again after its code arrived', async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's companion cookie, as set at sign-in.
  document.cookie = 'coinvera_signed_in=1; Path=/'
  const ada = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }
  server.use(http.get('*/api/auth/session', () => HttpResponse.json({ user: ada })))
  const user = userEvent.setup()
  const { queryClient } = await renderApp('/crypto')
  const nav = within(screen.getByRole('navigation', { name: 'Main' }))
  const toggle = (await nav.findByText(/signed in as/i)).closest('summary') as HTMLElement
  await user.click(toggle)
  expect((toggle.closest('details') as HTMLDetailsElement).open).toBe(true)

  // The session renders again (a refetch with a new object): the menu is the same menu.
  const renamed: SessionUser = { ...ada, name: 'Ada King' }
  queryClient.setQueryData(authQueries.session().queryKey, renamed)
  await nav.findByText('Ada King')
  const now = (await nav.findByText(/signed in as/i)).closest('details') as HTMLDetailsElement
  expect(now.open).toBe(true)
  expect(nav.getByRole('button', { name: /^Sign out$/ })).toBeInTheDocument()
})
