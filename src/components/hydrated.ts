import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React hydrates prerendered HTML (and when prerendering), true in every other render.
 * Data that can arrive before hydration (a fast API answer) must wait for it, or the first render
 * would not match the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
