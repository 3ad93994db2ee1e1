import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { expect } from 'vitest'
import { AlertListSchema } from '@contract/alerts'
import { MARKETS_PARAMS } from '@contract/market'
import type { FakeUpstream } from '../../support/fake-upstream'
import { type SmtpSink, tokenIn } from '../../support/smtp'
import { json, REFRESH_ENDED, type TestServer, untilHealth, untilNotBusy } from './server'

// What the alert tests share: verified visitors, and a fake CoinGecko whose bitcoin price the
// test sets before each refresh of the price list.

const PASSWORD = 'harbour-lantern-violet-42'
const MARKETS = JSON.parse(
  readFileSync(new URL('../../../mocks/fixtures/coins-markets.json', import.meta.url), 'utf8'),
) as { id: string; current_price: number }[]
/** Bitcoin's price in the fixture. */
export const START_PRICE = 97_412
const MARKETS_QUERY = new URLSearchParams(
  Object.entries(MARKETS_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()

/** Makes the fake's `coins/markets` answer with bitcoin at the price `price()` says. */
export function movingBitcoin(upstream: FakeUpstream, price: () => number): void {
  upstream.behave(
    {
      kind: 'ok',
      body: () =>
        JSON.stringify(
          MARKETS.map((c) => (c.id === 'bitcoin' ? { ...c, current_price: price() } : c)),
        ),
    },
    'coins/markets',
  )
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

/** A signed-up visitor whose address is verified by the emailed link; answers their cookie. */
export async function verifiedVisitor(
  server: TestServer,
  smtp: SmtpSink,
  email: string,
): Promise<string> {
  const response = await untilNotBusy(() =>
    fetch(`${server.url}/api/auth`, json({ name: 'Ada Lovelace', email, password: PASSWORD })),
  )
  expect(response.status).toBe(201)
  const token = tokenIn(await smtp.mailTo(email), '/verify-email')
  expect((await fetch(`${server.url}/api/auth/verify-email`, json({ token }))).status).toBe(204)
  return cookiesOf(response)
}

/** The price list's upstream request has ended, and the alerts have evaluated its prices. */
export function settled(server: TestServer): Promise<void> {
  return untilHealth(
    server,
    (health) => !health.upstream.markets.fetching && health.alerts.pendingRefreshes === 0,
    [REFRESH_ENDED, 'price alerts evaluated', 'price alerts not evaluated'],
  )
}

/** A visitor's look at the price list once its TTL has passed: the server refreshes it. */
export async function refreshPriceList(server: TestServer): Promise<void> {
  server.clock.advance(61_000)
  const response = await fetch(`${server.url}/api/market/coins/markets?${MARKETS_QUERY}`)
  expect(response.status).toBe(200)
  await response.body?.cancel()
  await settled(server)
}

export function createAlert(server: TestServer, cookie: string, body: Record<string, unknown>) {
  return fetch(
    `${server.url}/api/alerts`,
    json({ coinId: 'bitcoin', currency: 'usd', ...body }, { headers: { Cookie: cookie } }),
  )
}

export async function alertsOf(server: TestServer, cookie: string) {
  const response = await fetch(`${server.url}/api/alerts`, { headers: { Cookie: cookie } })
  return v.parse(AlertListSchema, await response.json()).alerts
}
