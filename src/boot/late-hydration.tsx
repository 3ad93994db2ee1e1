import { type ComponentType, lazy, memo, type ReactNode, Suspense } from 'react'

/**
 * Late hydration: parts of a server-rendered page whose code is loaded only when `want()` is
 * called (the visitor heads for them), not with the page's. A Suspense boundary that suspends
 * while React hydrates keeps the server's HTML as it is (selective hydration) and hydrates once
 * the code is here, so the part looks the same before and works after. On `/` it keeps the global
 * bar and the currency menu out of the start (docs/DECISIONS.md, "Code arrives by need").
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
    // Code that cannot load (its tries spent) leaves the placeholder, not an error that would
    // take the page's other parts with it.
    const Lazy = lazy(() =>
      code.then(
        (module) => ({ default: pick(module) }),
        () => ({ default: () => placeholder }),
      ),
    )
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

/** Tries after a load that failed while online: a blip passes, a missing file fails for good. */
export const ONLINE_RETRY_DELAYS_MS = [1000, 3000]

/**
 * A chunk's load that, offline, waits for the connection and tries again, instead of failing:
 * stored prices can be here while the code that shows them is not (a phone that never scrolled
 * to them), and the skeleton (or the server's HTML) stays meanwhile.
 *
 * A failure seen while online is tried again too, after a pause: the `online` event can come
 * before the load that failed offline reports its failure, and before the connection carries
 * requests (found by tests/e2e/revisit.test.ts, where a part's code that failed that way threw
 * the whole price section away).
 */
export function whenOnline<T>(load: () => Promise<T>, delays = ONLINE_RETRY_DELAYS_MS): Promise<T> {
  return load().catch((error: unknown) => {
    if (!navigator.onLine) {
      return new Promise<T>((resolve) => {
        window.addEventListener('online', () => resolve(whenOnline(load, delays)), { once: true })
      })
    }
    const [delay, ...later] = delays
    if (delay === undefined) throw error
    return new Promise<T>((resolve) => setTimeout(resolve, delay)).then(() =>
      whenOnline(load, later),
    )
  })
}
