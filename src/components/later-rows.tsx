import { type ReactNode, Suspense, use } from 'react'
import { useHydrated } from './hydrated'

/**
 * The full list's hundred rows hydrate when the visitor first reaches for the page (a pointer
 * moved or pressed, a key, a touch, a wheel, focus), not during its load: until then the
 * server's rows are links and forms that work as they are, and a press on one hydrates them at
 * once (React hydrates the boundary it lands in, then hands it the press). On `/coins` their
 * hydration was about half of the page's blocking time in Lighthouse's slowed runs
 * (docs/PERFORMANCE.md).
 *
 * An update that reaches rows still waiting would make React drop the server's rows and draw
 * them again, so whatever may change them opens the gate first: new rows or a new order
 * (`DataTable`), stars kept by this browser (the watchlist).
 */
type Gate = Promise<void> & { status?: 'fulfilled'; value?: undefined }

let resolve: () => void = () => {}
const gate: Gate = new Promise<void>((done) => {
  resolve = done
})

/** Lets the rows hydrate (once). */
export function openLaterRows(): void {
  if (gate.status === 'fulfilled') return
  // Read by React's `use` at once: a press hydrates its rows in the same event.
  gate.status = 'fulfilled'
  gate.value = undefined
  resolve()
}

if (typeof document !== 'undefined') {
  for (const type of ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'focusin']) {
    document.addEventListener(type, openLaterRows, { capture: true, passive: true, once: true })
  }
}

function Gate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  // Only while hydrating in the browser: the server renders the rows, and so does a client
  // render (a visit that arrives by a link).
  if (!import.meta.env.SSR && !hydrated) use(gate as Promise<void>)
  return children
}

/** Rows that hydrate once `openLaterRows` is called. */
export function LaterRows({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  )
}
