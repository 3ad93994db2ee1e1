import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SearchCoin } from '@contract/search'
import { createQueryClient } from '@/lib/query-client'
import { server } from '../../../../mocks/node'
import { InRouter } from '../../../../tests/render'
import { SearchDialog } from './search-dialog'

const BITCOIN: SearchCoin = { id: 'bitcoin', name: 'Bitcoin', symbol: 'btc', rank: 1, image: null }

// jsdom has no modal dialogs: showModal and close only open and close it here.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
    this.dispatchEvent(new Event('close'))
  }
})
afterAll(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal')
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close')
})

// Fake time: the debounce, the countdown and every wait move only when the test moves them.
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/**
 * The searches the dialog sends, with the fake clock's time when each arrived, and the first's
 * arrival.
 */
function answerSearches(answer: (q: string) => Response) {
  const sent: { q: string; at: number }[] = []
  let arrived: () => void = () => {}
  const first = new Promise<void>((resolve) => {
    arrived = resolve
  })
  server.use(
    http.get('*/api/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? ''
      sent.push({ q, at: Date.now() })
      arrived()
      return answer(q)
    }),
  )
  return { sent, first }
}

const found = (coins: SearchCoin[], source = 'cache') =>
  HttpResponse.json({ coins }, { headers: { 'X-Data-Source': source } })

function openDialog(): void {
  const queryClient = createQueryClient({ queries: { retry: false } })
  render(
    <QueryClientProvider client={queryClient}>
      <InRouter>
        <SearchDialog onClose={() => {}} />
      </InRouter>
    </QueryClientProvider>,
  )
}

/** Types `text` a key at a time, `gapMs` apart on the fake clock (as the input's events say it). */
async function type(text: string, gapMs = 0) {
  const input = await combobox()
  for (let i = 1; i <= text.length; i++) {
    fireEvent.change(input, { target: { value: text.slice(0, i) } })
    if (gapMs > 0 && i < text.length) await act(() => vi.advanceTimersByTimeAsync(gapMs))
  }
}

/**
 * Moves the fake clock on until `check` passes, a few milliseconds at a time (Testing Library's
 * findBy* would wait on timers the fake clock holds).
 */
function until<T>(check: () => T): Promise<T> {
  return vi.waitFor(check, { interval: 5, timeout: 10_000 })
}

const combobox = () => until(() => screen.getByRole('combobox', { name: 'Search coins' }))

const status = () => screen.getByRole('status')

// Real time, captured before the clock is faked: a wait for an event must end even if it never
// comes.
const realSetTimeout = globalThis.setTimeout
/** `event`, or nothing after `ms` of real time. */
const orGiveUp = (event: Promise<unknown>, ms: number) =>
  act(() => Promise.race([event, new Promise((resolve) => realSetTimeout(resolve, ms))]))

describe('SearchDialog', () => {
  it('sends one search for a burst of keys, within 120 ms of the last key', async () => {
    const { sent, first } = answerSearches(() => found([BITCOIN]))
    openDialog()
    // Typed with 40 ms between keys: each key comes before the last one's search would leave.
    await type('bitc', 40)
    const lastKeyAt = Date.now()
    await act(() => vi.advanceTimersByTimeAsync(120))
    // The clock stands still from here: a search sent by now reaches the handler, one not yet
    // due never does.
    await orGiveUp(first, 5000)
    expect(sent.map((search) => search.q)).toEqual(['bitc'])
    expect((sent[0]?.at ?? Number.POSITIVE_INFINITY) - lastKeyAt).toBeLessThanOrEqual(120)
    await until(() => expect(screen.getByRole('option', { name: /Bitcoin/ })).toBeInTheDocument())
    expect(sent).toHaveLength(1)
  })

  it('says how long to wait when searches are refused, counting down', async () => {
    answerSearches(() =>
      HttpResponse.json(
        { error: 'rate_limited', message: 'Too many requests.' },
        { status: 429, headers: { 'Retry-After': '30' } },
      ),
    )
    openDialog()
    await type('eth')
    const shown = await until(() => {
      const text = status().textContent ?? ''
      expect(text).toMatch(/^Too many searches from this address; try again in \d+\u00a0s\.$/)
      return Number(/(\d+)\u00a0s/.exec(text)?.[1])
    })
    // From the Retry-After of 30 s (less the moments the wait for the answer moved the clock).
    expect(shown).toBeGreaterThan(25)
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(status()).toHaveTextContent(`try again in ${shown - 3} s.`)
    await act(() => vi.advanceTimersByTimeAsync(shown * 1000))
    expect(status()).toHaveTextContent('try again now.')
  })

  it('says search needs a connection when the browser is offline', async () => {
    answerSearches(() => HttpResponse.error())
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    openDialog()
    await type('eth')
    await until(() =>
      expect(status()).toHaveTextContent('You are offline: search needs a connection.'),
    )
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
  })

  it('labels results found in the sample list', async () => {
    answerSearches(() => found([BITCOIN], 'sample'))
    openDialog()
    await type('btc')
    await until(() => expect(status()).toHaveTextContent(/^Sample data: the market source/))
    expect(screen.getByRole('option', { name: /Bitcoin/ })).toBeInTheDocument()
  })

  it('says when no coin matches, and shows none', async () => {
    answerSearches(() => found([]))
    openDialog()
    await type('qqzx')
    await until(() => expect(status()).toHaveTextContent('No coins match “qqzx”.'))
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false')
  })
})
