import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { resetAuthMocks } from '../mocks/handlers/auth'
import { resetWatchlistMocks } from '../mocks/handlers/watchlist'
import { server } from '../mocks/node'

// findBy* and waitFor wait for what a test expects to appear, not for a deadline: their 1 s default
// ran out on a loaded 2-core machine (routes.test.tsx, "shows the prices once they arrive").
configure({ asyncUtilTimeout: 5000 })

// A request without a handler is a bug in the test or the code, never something to let through.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  resetAuthMocks()
  resetWatchlistMocks()
  // biome-ignore lint/suspicious/noDocumentCookie: tests start signed out (the companion cookie).
  document.cookie = 'coinvera_signed_in=; Max-Age=0; Path=/'
})
afterAll(() => server.close())

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {}
