import { afterEach, expect } from 'vitest'
import { takeHydrationErrors } from './browser'

// Every e2e test fails on a React hydration error in any page it opened, whatever it asserted
// itself: a mismatch throws the server's HTML away, which a test of something else can miss.
// Registered first, so it runs after the file's own hooks have closed their pages.
afterEach(() => {
  expect(takeHydrationErrors(), 'React hydration errors').toEqual([])
})
