import { useDeferredValue, useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React hydrates prerendered HTML (and when prerendering), true in every other render.
 * Data that can arrive before hydration (a fast API answer) must wait for it, or the first render
 * would not match the prerendered HTML. A store with a server snapshot is the one way to know per
 * component: parts of the page can hydrate in a later pass than others.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/**
 * A query's data as a section shows it: while hydrating, what the server's HTML was rendered with
 * (`pageData`: nothing for a prerendered page, whose skeleton stays), then each arrival rendered
 * as a deferred value. Store updates (the data arriving, hydration ending) make React render at
 * once and in one piece; deferring the data turns drawing a whole list into a background render
 * that yields to the browser every few milliseconds.
 */
export function useShownData<T>(data: T | undefined, pageData?: T): T | undefined {
  const hydrated = useHydrated()
  return useDeferredValue(hydrated ? data : pageData)
}
