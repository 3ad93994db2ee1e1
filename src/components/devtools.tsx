import { ReactQueryDevtools } from '@tanstack/react-query-devtools'
import type { AnyRouter } from '@tanstack/react-router'
import { TanStackRouterDevtools } from '@tanstack/react-router-devtools'

/** Loaded only by `npm run dev` / `dev:mock` (see main.tsx). */
export function Devtools({ router }: { router: AnyRouter }) {
  return (
    <>
      <ReactQueryDevtools buttonPosition="bottom-left" />
      <TanStackRouterDevtools router={router} position="bottom-right" />
    </>
  )
}
