import { type ComponentType, lazy, memo, type ReactNode, Suspense } from 'react'

/**
 * Late hydration: parts of a server-rendered page whose code is loaded only when `want()` is
 * called (the visitor heads for them), not with the page's. A Suspense boundary that suspends
 * while React hydrates keeps the server's HTML as it is (selective hydration) and hydrates once
 * the code is here, so the part looks the same before and works after. On `/` it keeps the global
 * bar and the currency menu out of the start: 1.3 kB less JavaScript (brotli, README).
 *
 * Each part is memoized with its Suspense inside, so its parent's re-renders (hydration ending,
 * new data) never reach a boundary still waiting: an update there would make React drop the
 * server's HTML for the placeholder, which should therefore have the part's size.
 */
export function lateHydration<M>(load: () => Promise<M>) {
  let start: () => void = () => {}
  const code = new Promise<void>((resolve) => {
    start = resolve
  }).then(load)
  let loaded: M | undefined
  /** Starts loading the code (once); resolves when it is here. */
  const want = () => {
    start()
    return code.then((module) => {
      loaded = module
      return module
    })
  }
  /** A part of the module, shown as `placeholder` until its code is here (not on the server). */
  const part = <P extends object>(
    pick: (module: M) => ComponentType<P>,
    placeholder: ReactNode,
  ) => {
    const Lazy = lazy(() => code.then((module) => ({ default: pick(module) })))
    // The server renders with the code at hand (renderToString cannot wait for a lazy one): it
    // calls `want()` and awaits it before rendering.
    // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level
    const Code = (props: P) => {
      const Component = import.meta.env.SSR && loaded ? pick(loaded) : Lazy
      return <Component {...props} />
    }
    return memo((props: P) => (
      <Suspense fallback={placeholder}>
        <Code {...props} />
      </Suspense>
    ))
  }
  return { want, part }
}

/**
 * A chunk's load that, offline, waits for the connection and tries again, instead of failing:
 * stored prices can be here while the code that shows them is not (a phone that never scrolled
 * to them), and the skeleton (or the server's HTML) stays meanwhile.
 */
export function whenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (navigator.onLine) throw error
    return new Promise<T>((resolve) => {
      window.addEventListener('online', () => resolve(whenOnline(load)), { once: true })
    })
  })
}
