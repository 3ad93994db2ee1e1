import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'

// The note's code comes only with a welcome to say (after a sign-in or sign-up), not with every
// page: it kept `/` within its JavaScript budget (bench/bundle.ts) once the watchlist came.
const WelcomeNote = lazy(() =>
  import('./welcome-note').then((module) => ({ default: module.WelcomeNote })),
)

/** Where the welcome after a sign-in or sign-up appears; nothing until there is one. */
export function Welcome() {
  const asked = useRouterState({ select: (state) => state.location.state.welcome !== undefined })
  // Kept once asked: the note takes the welcome out of the history state as it shows it. Set
  // after hydration, like the note's own state: a reload still holding the welcome in its
  // history state renders what the server drew first (else React reports a mismatch).
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (asked) setShown(true)
  }, [asked])
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <WelcomeNote />
    </Suspense>
  )
}
