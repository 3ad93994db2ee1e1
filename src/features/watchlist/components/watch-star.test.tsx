import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../../../mocks/node'
import { renderApp } from '../../../../tests/render'

const KEY = 'coinvera-watchlist'
const ADA = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }

/** A price list row, once the prices are here. */
async function priceRow(name: string) {
  const cell = await screen.findByRole('rowheader', { name: new RegExp(name) })
  return cell.closest('tr') as HTMLElement
}

function signedIn(list: string[]) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's companion cookie, as set at sign-in.
  document.cookie = 'coinvera_signed_in=1; Path=/'
  const puts: string[] = []
  server.use(
    http.get('*/api/auth/session', () => HttpResponse.json({ user: ADA })),
    http.get('*/api/watchlist', () => HttpResponse.json({ coins: list })),
    http.put('*/api/watchlist/:id', ({ params }) => {
      puts.push(String(params.id))
      list.push(String(params.id))
      return HttpResponse.json({ coins: list })
    }),
  )
  return puts
}

describe('the watchlist star', () => {
  it('signed out: a toggle button, pressed once starred, kept in this browser', async () => {
    const user = userEvent.setup()
    await renderApp('/crypto')
    const row = await priceRow('Bitcoin')
    const star = await within(row).findByRole('button', { name: 'Add Bitcoin to watchlist' })
    expect(star).toHaveAttribute('aria-pressed', 'false')
    await user.click(star)
    const on = await within(row).findByRole('button', { name: 'Remove Bitcoin from watchlist' })
    expect(on).toHaveAttribute('aria-pressed', 'true')
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toEqual({ coins: ['bitcoin'] })
    await user.click(on)
    await within(row).findByRole('button', { name: 'Add Bitcoin to watchlist' })
    expect(localStorage.getItem(KEY)).toBeNull()
  })

  it("follows another tab's star (the storage event)", async () => {
    await renderApp('/crypto')
    const row = await priceRow('Ethereum')
    await within(row).findByRole('button', { name: 'Add Ethereum to watchlist' })
    localStorage.setItem(KEY, JSON.stringify({ coins: ['ethereum'] }))
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }))
    await within(row).findByRole('button', {
      name: 'Remove Ethereum from watchlist',
      pressed: true,
    })
  })

  it('signed in: the account list sets the stars; starring is a PUT, as a form would post', async () => {
    const puts = signedIn(['ethereum'])
    const user = userEvent.setup()
    await renderApp('/crypto')
    const eth = await priceRow('Ethereum')
    await within(eth).findByRole('button', {
      name: 'Remove Ethereum from watchlist',
      pressed: true,
    })
    const btc = await priceRow('Bitcoin')
    const star = within(btc).getByRole('button', { name: 'Add Bitcoin to watchlist' })
    // Without the page's script the form posts the change itself.
    const form = star.closest('form')
    expect(form).toHaveAttribute('method', 'post')
    expect(form?.getAttribute('action')).toBe('/api/watchlist/bitcoin?return=%2Fcrypto')
    expect(within(form as HTMLElement).getByDisplayValue('add')).toHaveAttribute('name', 'watch')
    await user.click(star)
    await within(btc).findByRole('button', { name: 'Remove Bitcoin from watchlist', pressed: true })
    await waitFor(() => expect(puts).toEqual(['bitcoin']))
    expect(localStorage.getItem(KEY)).toBeNull()
  })

  it("signing in merges this browser's list into the account once, keeping what it refused", async () => {
    localStorage.setItem(KEY, JSON.stringify({ coins: ['bitcoin', 'tether'] }))
    const merges: unknown[] = []
    signedIn(['ethereum'])
    server.use(
      http.post('*/api/watchlist', async ({ request }) => {
        merges.push(await request.json())
        return HttpResponse.json({ coins: ['ethereum', 'bitcoin'], refused: ['tether'] })
      }),
    )
    await renderApp('/crypto')
    const btc = await priceRow('Bitcoin')
    await within(btc).findByRole('button', { name: 'Remove Bitcoin from watchlist' })
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toEqual({ coins: ['tether'] }),
    )
    expect(merges).toEqual([{ coins: ['bitcoin', 'tether'] }])
    // What the account refused stays starred, from this browser.
    const usdt = await priceRow('Tether')
    expect(within(usdt).getByRole('button', { name: /Tether/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  it('a failed change is said, and the star shows what the account holds', async () => {
    signedIn([])
    server.use(
      http.put('*/api/watchlist/:id', () =>
        HttpResponse.json({ error: 'watchlist_full', message: 'Full.' }, { status: 409 }),
      ),
    )
    const user = userEvent.setup()
    await renderApp('/crypto')
    const btc = await priceRow('Bitcoin')
    await user.click(await within(btc).findByRole('button', { name: 'Add Bitcoin to watchlist' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/holds 200 coins/)
    await within(btc).findByRole('button', { name: 'Add Bitcoin to watchlist', pressed: false })
  })
})
