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
    // Code that cannot load (its tries spent) keeps the part waiting: the server's HTML stays
    // while hydrating (it works as a plain form), the placeholder otherwise. Rendering the
    // placeholder as the part would not match the server's HTML: React would throw that HTML away
    // (error #418) and leave the empty placeholder in its place.
    const Lazy = lazy(() =>
      code.then(
        (module) => ({ default: pick(module) }),
        () => new Promise<never>(() => {}),
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

/** The browser says it has no connection (the server, prerendering, has no `navigator`). */
const offline = () => typeof navigator !== 'undefined' && !navigator.onLine

/**
 * A chunk's load that, offline, waits for the connection before it tries, instead of failing:
 * stored prices can be here while the code that shows them is not (a phone that never scrolled
 * to them), and the server's HTML (or the skeleton) stays meanwhile.
 *
 * No try is made offline because a failed import can be final: Chromium up to 150 (as the HTML
 * standard's module map did) remembers a module whose fetch failed, and every later `import()`
 * of it fails at once, without a request, for the life of the page.
 *
 * A failure seen while online is tried again after a pause: a blip passes (where the browser
 * fetches again), a missing file fails for good.
 */
export function whenOnline<T>(load: () => Promise<T>, delays = ONLINE_RETRY_DELAYS_MS): Promise<T> {
  if (offline()) {
    return new Promise<T>((resolve) => {
      window.addEventListener('online', () => resolve(whenOnline(load, delays)), { once: true })
    })
  }
  return load().catch((error: unknown) => {
    // The connection dropped during the load.
    if (offline()) return whenOnline(load, delays)
    const [delay, ...later] = delays
    if (delay === undefined) throw error
    return new Promise<T>((resolve) => setTimeout(resolve, delay)).then(() =>
      whenOnline(load, later),
    )
  })
}
