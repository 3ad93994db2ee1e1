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
    // Both bring the visitor back to this coin.
    expect(await alert.findByRole('link', { name: 'sign in' })).toHaveAttribute(
      'href',
      '/signin?return=%2Fcoins%2Fbitcoin',
    )
    expect(alert.getByRole('link', { name: 'create an account' })).toHaveAttribute(
      'href',
      '/signup?return=%2Fcoins%2Fbitcoin',
    )
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

  it('keeps a typed price when the currency or the direction changes', async () => {
    signedIn(true)
    const user = userEvent.setup()
    await renderApp('/coins/ethereum')
    const alert = await section()
    const price = await alert.findByLabelText('Price')
    await user.clear(price)
    await user.type(price, '4000')
    await user.selectOptions(alert.getByLabelText('Price currency'), 'eur')
    expect(price).toHaveValue('4000')
    await user.click(alert.getByLabelText('below'))
    expect(price).toHaveValue('4000')
  })

  it('suggests a price 5% from the current one, in the direction chosen', async () => {
    signedIn(true)
    const user = userEvent.setup()
    await renderApp('/coins/bitcoin')
    const alert = await section()
    expect(await alert.findByText(/suggested:/)).toHaveTextContent(
      'Now $97,412.00; suggested: 5% above.',
    )
    await user.click(alert.getByLabelText('below'))
    expect(alert.getByText(/suggested:/)).toHaveTextContent('Now $97,412.00; suggested: 5% below.')
  })

  it('says an alert is true already and creates it only when the visitor says yes', async () => {
    signedIn(true)
    const posted: unknown[] = []
    server.use(
      http.post('*/api/alerts', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        posted.push(body)
        return HttpResponse.json(
          {
            id: 'a1',
            coinId: 'bitcoin',
            coinName: 'Bitcoin',
            currency: 'usd',
            direction: body.direction,
            price: body.price,
            state: 'waiting',
            createdAt: '2026-01-01T00:00:00.000Z',
            triggered: null,
          },
          { status: 201 },
        )
      }),
    )
    const user = userEvent.setup()
    await renderApp('/coins/bitcoin')
    const alert = await section()
    await user.click(await alert.findByLabelText('below'))
    const price = alert.getByLabelText('Price')
    await user.clear(price)
    await user.type(price, '120000')
    await user.click(alert.getByRole('button', { name: 'Create alert' }))
    const asked = await alert.findByRole('alert')
    expect(asked).toHaveTextContent(
      'Bitcoin is $97,412.00 now, already below $120,000.00: this alert would fire at once',
    )
    expect(posted).toEqual([])
    // Changing the price asks again on the next try.
    await user.click(within(asked).getByRole('button', { name: 'Change the price' }))
    expect(price).toHaveFocus()
    await user.click(alert.getByRole('button', { name: 'Create alert' }))
    await user.click(await alert.findByRole('button', { name: 'Create it anyway' }))
    await alert.findByText('Alert created')
    expect(posted).toEqual([
      { coinId: 'bitcoin', currency: 'usd', direction: 'below', price: 120000, confirmed: true },
    ])
  })

  it('offers every currency, grouped as the currency menus are, and says a converted price is converted', async () => {
    signedIn(true)
    const posted: Record<string, unknown>[] = []
    server.use(
      http.post('*/api/alerts', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        posted.push(body)
        return HttpResponse.json(
          {
            id: 'a2',
            coinId: 'bitcoin',
            coinName: 'Bitcoin',
            currency: body.currency,
            direction: body.direction,
            price: body.price,
            state: 'waiting',
            createdAt: '2026-01-01T00:00:00.000Z',
            triggered: null,
          },
          { status: 201 },
        )
      }),
    )
    const user = userEvent.setup()
    // A page in rupees: the alert starts in rupees too.
    await renderApp('/coins/bitcoin?currency=inr')
    const alert = await section()
    const menu = await alert.findByLabelText('Price currency')
    expect(menu).toHaveValue('inr')
    expect(within(menu).getAllByRole('option')).toHaveLength(49)
    expect([...menu.querySelectorAll('optgroup')].map((group) => group.label)).toEqual([
      'Common',
      'All currencies',
    ])
    // (The mocked details hold no rupee price: the hint is the conversion's note alone.)
    expect(
      alert.getByText(
        'Prices in Indian rupees are converted from US dollars at the current exchange rate.',
      ),
    ).toBeVisible()
    const price = alert.getByLabelText('Price')
    await user.type(price, '9000000')
    // The typed price stays through a change of currency, and back.
    await user.selectOptions(menu, 'usd')
    expect(price).toHaveValue('9000000')
    expect(alert.getByText(/suggested:/)).toHaveTextContent('Now $97,412.00; suggested: 5% above.')
    await user.selectOptions(menu, 'inr')
    expect(price).toHaveValue('9000000')
    await user.click(alert.getByRole('button', { name: 'Create alert' }))
    await alert.findByText('Alert created')
    expect(posted).toEqual([
      { coinId: 'bitcoin', currency: 'inr', direction: 'above', price: 9_000_000 },
    ])
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
      /^Too many alerts created in a minute\. Try again in 1[12]\u00a0s\.$/,
    )
  })
})
