import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Alert } from '@contract/alerts'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

// The alerts page of a signed-in visitor; the list and its changes come through MSW.
configure({ asyncUtilTimeout: 5000 })

const FIRED: Alert = {
  id: 'a1',
  coinId: 'bitcoin',
  coinName: 'Bitcoin',
  currency: 'usd',
  direction: 'above',
  price: 100_000,
  state: 'triggered',
  createdAt: '2026-01-01T00:00:00.000Z',
  triggered: { at: '2026-01-02T10:30:00.000Z', price: 100_250, source: 'live', rate: null },
}

function signedInWith(alerts: Alert[]) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's companion cookie, as set at sign-in.
  document.cookie = 'coinvera_signed_in=1; Path=/'
  const user = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true }
  server.use(
    http.get('*/api/auth/session', () => HttpResponse.json({ user })),
    http.get('*/api/alerts', () => HttpResponse.json({ alerts, max: 50 })),
  )
}

describe('the alerts page', () => {
  it('says an alert in a converted currency is in it, converted from dollars, and at which rate it fired', async () => {
    signedInWith([
      {
        ...FIRED,
        currency: 'inr',
        price: 8_400_000,
        triggered: { ...FIRED.triggered, price: 8_445_815, rate: 83.21, source: 'markets' },
      } as Alert,
      { ...FIRED, id: 'a2', state: 'waiting', triggered: null },
    ])
    await renderApp('/account/alerts')
    await screen.findByRole('heading', { name: '2 of 50 alerts' })
    const list = screen.getByRole('heading', { name: '2 of 50 alerts' }).nextElementSibling
    const [rupees, dollars] = within(list as HTMLElement).getAllByRole('listitem')
    expect(rupees).toHaveTextContent(
      'Bitcoin goes above ₹8,400,000.00 (Indian rupees, converted from US dollars at the current exchange rate)',
    )
    expect(rupees).toHaveTextContent(
      'Triggered at 2 Jan 2026, 10:30 UTC (price ₹8,445,815.00, from markets, converted at 1 USD = 83.21 INR)',
    )
    expect(dollars).toHaveTextContent('Bitcoin goes above $100,000.00Waiting')
  })

  it('says how far the price must come back once an alert is re-armed', async () => {
    signedInWith([FIRED])
    server.use(
      http.post('*/api/alerts/a1/rearm', () => {
        signedInWith([{ ...FIRED, state: 'rearming' }])
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const user = userEvent.setup()
    await renderApp('/account/alerts')
    await screen.findByRole('heading', { name: '1 of 50 alerts' })
    await user.click(screen.getByRole('button', { name: /^Re-arm/ }))
    expect(await screen.findByText(/^The alert was re-armed/)).toHaveTextContent(
      'The alert was re-armed: it waits for the price to come back past its value by 1%.',
    )
    expect(
      await screen.findByText(/Re-armed: waits for the price to come back by 1%\.$/),
    ).toBeVisible()
  })
})
