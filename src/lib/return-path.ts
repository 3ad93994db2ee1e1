import { useRouterState } from '@tanstack/react-router'
import { useHydrated } from '@/components/hydrated'
import { safeReturnPath } from '@contract/return-to'

/**
 * Where signing in brings the visitor back to (`?return=`): this page. While hydrating, its path
 * alone, as the server rendered it (it ignores the queries it does not render, `?sort=`).
 * Undefined for the home page, which needs no `?return=`.
 */
export function useReturnPath(): string | undefined {
  const hydrated = useHydrated()
  const here = useRouterState({
    select: ({ location }) => (hydrated ? location.href : location.pathname),
  })
  const path = safeReturnPath(here)
  return path === '/' ? undefined : (path ?? undefined)
}
