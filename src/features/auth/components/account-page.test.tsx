import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AccountDetails } from '@contract/account-details'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

// The account page's details, their form and the change of address, through the real route tree;
// the API's answers come through MSW, each test holding the account it answers with.
configure({ asyncUtilTimeout: 5000 })

function signedInAs(start: Partial<AccountDetails> = {}) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's companion cookie, as set at sign-in.
  document.cookie = 'coinvera_signed_in=1; Path=/'
  const account: AccountDetails = {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phoneNumber: null,
    emailVerified: true,
    pendingEmail: null,
    ...start,
  }
  const sent: { path: string; body: unknown }[] = []
  server.use(
    http.get('*/api/auth/session', () =>
      HttpResponse.json({ user: { id: account.id, name: account.name, email: account.email } }),
    ),
    http.get('*/api/account', () => HttpResponse.json({ account })),
    http.post('*/api/account/details', async ({ request }) => {
      const body = (await request.json()) as { name: string; phoneNumber?: string }
      sent.push({ path: 'details', body })
      account.name = body.name
      account.phoneNumber = body.phoneNumber ?? null
      return new HttpResponse(null, { status: 204 })
    }),
    http.post('*/api/account/email', async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string }
      sent.push({ path: 'email', body })
      if (body.email === 'taken@example.com') {
        return HttpResponse.json(
          { error: 'email_taken', message: 'An account with this email address already exists.' },
          { status: 409 },
        )
      }
      account.pendingEmail = body.email
      return new HttpResponse(null, { status: 202 })
    }),
  )
  return sent
}

/** The value shown for a term of the details list. */
async function shown(term: string) {
  const dt = await screen.findByText(term, { selector: 'dt' })
  return dt.nextElementSibling?.textContent
}

/** What a form did, announced in its status box. */
async function confirmed(text: string | RegExp) {
  const done = await screen.findByText(text)
  expect(done.closest('[role="status"]')).not.toBeNull()
}

describe('the account page’s details', () => {
  it('shows what sign-up asked for, a missing phone number as not given', async () => {
    signedInAs({ pendingEmail: 'new@example.com' })
    await renderApp('/account')
    expect(await shown('Name')).toBe('Ada Lovelace')
    expect(await shown('Phone Number')).toBe('Not given')
    expect(await shown('Email')).toContain('ada@example.com')
    expect(await shown('Email')).toContain(
      'Changing to new@example.com: waiting for confirmation at that address.',
    )
  })

  it('edits the name and phone number: sends both, confirms, and shows the new values', async () => {
    const sent = signedInAs({ phoneNumber: '+1 555 0100' })
    const user = userEvent.setup()
    await renderApp('/account')
    const form = await screen.findByRole('form', { name: 'Edit details' })
    const name = within(form).getByLabelText('Name')
    expect(name).toHaveValue('Ada Lovelace')
    expect(within(form).getByLabelText('Phone Number')).toHaveValue('+1 555 0100')
    await user.clear(name)
    await user.type(name, 'Ada King')
    await user.clear(within(form).getByLabelText('Phone Number'))
    await user.click(within(form).getByRole('button', { name: 'Save details' }))
    await confirmed('Your name and phone number were saved.')
    expect(sent).toEqual([{ path: 'details', body: { name: 'Ada King' } }])
    await screen.findByText('Ada King', { selector: 'dd' })
    expect(await shown('Phone Number')).toBe('Not given')
  })

  it('checks the fields by sign-up’s rules before sending anything', async () => {
    const sent = signedInAs()
    const user = userEvent.setup()
    await renderApp('/account')
    const form = await screen.findByRole('form', { name: 'Edit details' })
    await user.clear(within(form).getByLabelText('Name'))
    await user.type(within(form).getByLabelText('Phone Number'), '12')
    await user.click(within(form).getByRole('button', { name: 'Save details' }))
    expect(await within(form).findByText('Enter your name.')).toBeInTheDocument()
    expect(
      within(form).getByText(
        'Use 6 to 20 digits, with an optional leading +, spaces, dashes or parentheses.',
      ),
    ).toBeInTheDocument()
    expect(within(form).getByLabelText('Name')).toHaveFocus()
    expect(sent).toEqual([])
  })
})

describe('the account page’s change of address', () => {
  it('says a taken address next to the field, then shows a pending change once sent', async () => {
    const sent = signedInAs()
    const user = userEvent.setup()
    await renderApp('/account')
    const form = await screen.findByRole('form', { name: 'Change email address' })
    await user.type(within(form).getByLabelText('New email address'), 'taken@example.com')
    await user.type(within(form).getByLabelText('Your password'), 'harbour-lantern-violet-42')
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }))
    expect(
      await within(form).findByText('An account with this email address already exists.'),
    ).toBeInTheDocument()
    expect(await shown('Email')).not.toContain('Changing to')

    const email = within(form).getByLabelText('New email address')
    await user.clear(email)
    await user.type(email, 'grace@example.org')
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }))
    await confirmed(/^We sent a link to your new address\./)
    await screen.findByText(/Changing to grace@example\.org/)
    expect(sent.map((request) => request.body)).toEqual([
      { email: 'taken@example.com', password: 'harbour-lantern-violet-42' },
      { email: 'grace@example.org', password: 'harbour-lantern-violet-42' },
    ])
  })
})
