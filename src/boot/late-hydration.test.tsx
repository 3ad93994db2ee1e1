import { act, useState } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lateHydration, whenOnline } from './late-hydration'

// React warns about `act` outside a test environment it knows unless told.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** A part with behaviour: it counts its clicks, so hydration is visible. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  )
}

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
})

/**
 * A page whose server HTML has the part, hydrated with the part's code not yet here. The page
 * re-renders on its own (`rerender`), as the price section does when hydration ends or data comes.
 */
async function hydratedPage({
  load: clientLoad = async () => ({ Counter }),
  onRecoverableError,
}: {
  /** How the browser's copy of the module loads. */
  load?: () => Promise<{ Counter: typeof Counter }>
  onRecoverableError?: (error: unknown) => void
} = {}) {
  const placeholder = <div className="placeholder" />
  const make = (
    loadModule: () => Promise<{ Counter: typeof Counter }> = async () => ({ Counter }),
  ) => {
    const load = vi.fn(loadModule)
    const late = lateHydration(load)
    return { load, late, Part: late.part((module) => module.Counter, placeholder) }
  }
  // The server's render: its own copy of the module, the code wanted and awaited first.
  const server = make()
  await server.late.want()
  vi.stubEnv('SSR', true)
  const html = renderToString(
    <main>
      <server.Part label="Clicked" />
    </main>,
  )
  vi.unstubAllEnvs()

  const { late, load, Part } = make(clientLoad)
  let rerender: () => void = () => {}
  // biome-ignore lint/correctness/noComponentHookFactories: one page per test, made once
  function Page() {
    const [, setTick] = useState(0)
    rerender = () => setTick((n) => n + 1)
    return (
      <main>
        <Part label="Clicked" />
      </main>
    )
  }
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const serverButton = container.querySelector('button')
  await act(async () => {
    root = hydrateRoot(container, <Page />, onRecoverableError ? { onRecoverableError } : {})
  })
  return { container, serverButton, late, load, rerender: () => act(() => rerender()) }
}

describe('lateHydration', () => {
  it("keeps the server's HTML, inert, until the code is wanted, then hydrates that same HTML", async () => {
    const page = await hydratedPage()
    const button = () => page.container.querySelector('button')
    expect(page.load).not.toHaveBeenCalled()
    expect(button()).toBe(page.serverButton)
    expect(page.container.querySelector('.placeholder')).toBeNull()

    // The page's own re-render does not reach the waiting part: no placeholder, no lost HTML.
    page.rerender()
    expect(button()).toBe(page.serverButton)
    expect(page.container.querySelector('.placeholder')).toBeNull()
    act(() => button()?.click())
    expect(button()).toHaveTextContent('Clicked 0')

    await act(async () => {
      await page.late.want()
    })
    expect(page.load).toHaveBeenCalledTimes(1)
    // Adopted, not replaced: the same element now responds.
    expect(button()).toBe(page.serverButton)
    act(() => button()?.click())
    expect(button()).toHaveTextContent('Clicked 1')
  })

  it('loads the code once, however often it is wanted', async () => {
    const page = await hydratedPage()
    await act(async () => {
      await Promise.all([page.late.want(), page.late.want()])
      await page.late.want()
    })
    expect(page.load).toHaveBeenCalledTimes(1)
  })

  it('shows the placeholder when the code cannot load, and the rest of the page stays', async () => {
    const late = lateHydration<{ Counter: typeof Counter }>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )
    const Part = late.part((module) => module.Counter, <div className="placeholder" />)
    const container = document.createElement('div')
    document.body.append(container)
    await act(async () => {
      root = createRoot(container)
      root.render(
        <main>
          <h2>Prices</h2>
          <Part label="Clicked" />
        </main>,
      )
    })
    await act(async () => {
      await late.want().catch(() => {})
    })
    expect(container.querySelector('.placeholder')).not.toBeNull()
    expect(container.querySelector('h2')).toHaveTextContent('Prices')
  })
  it("keeps the server's HTML, with no hydration error, when the code cannot load", async () => {
    const errors: unknown[] = []
    const page = await hydratedPage({
      load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      onRecoverableError: (error) => errors.push(error),
    })
    await act(async () => {
      await page.late.want().catch(() => {})
    })
    page.rerender()
    expect(page.container.querySelector('button')).toBe(page.serverButton)
    expect(page.container.querySelector('.placeholder')).toBeNull()
    expect(errors).toEqual([])
  })
})

describe('whenOnline', () => {
  afterEach(() => vi.restoreAllMocks())

  it('offline, makes no try until the connection is back (a failed import can be final)', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const load = vi.fn<() => Promise<string>>().mockResolvedValue('code')
    const loading = whenOnline(load)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(load).not.toHaveBeenCalled()
    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await expect(loading).resolves.toBe('code')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('waits for the connection again when it drops during a load', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const load = vi
      .fn<() => Promise<string>>()
      .mockImplementationOnce(() => {
        onLine.mockReturnValue(false)
        return Promise.reject(new TypeError('Failed to fetch'))
      })
      .mockResolvedValueOnce('code')
    const loading = whenOnline(load)
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await expect(loading).resolves.toBe('code')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('online, tries again after a pause (a reconnect can report an offline failure late)', async () => {
    vi.useFakeTimers()
    try {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
      const load = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce('code')
      const loading = whenOnline(load, [1000])
      await vi.advanceTimersByTimeAsync(999)
      expect(load).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      await expect(loading).resolves.toBe('code')
      expect(load).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('online, fails once its tries are spent', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const error = new TypeError('Failed to fetch')
    const load = vi.fn(() => Promise.reject(error))
    await expect(whenOnline(load, [0, 0])).rejects.toBe(error)
    expect(load).toHaveBeenCalledTimes(3)
  })
})
