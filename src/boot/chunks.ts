// How the build splits and marks the app's JavaScript, for start-up speed (README, "Start-up
// speed"). Used by vite.config.ts; the figures are bench/hydration.ts's and bench/bundle.ts's.

/**
 * V8 compiles every function of a file with this comment as it loads it, instead of each on the
 * main thread at its first call; our chunks are loaded only when their code is about to run
 * (Chrome 136+; others ignore it). Measured on `/` (CPU time × 4, median of 5 loads): main
 * thread after FCP 496 ms with it, 581 ms without.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

// Shared modules that only lazy pages use: in the vendor chunk they would weigh on `/` (the
// sign-up form's password list and search's contract alone: 126.0 → 125.1 kB on `/`).
const LAZY_ONLY =
  /[\\/](coin|chart-range|currency-menu|market-list|account|account-forms|token|unavailable-note|sign-up|common-passwords|search)\.tsx?$/

/**
 * Every page needs these libraries before it can respond: one chunk compresses better than the
 * handful the automatic split made (React with the rest: 2.1 kB less transferred on `/` than in
 * a chunk of its own, and no more main thread). TanStack Table's code stays with the sorting that
 * uses it, devtools (empty in production) in their own chunk, and `useMutation` with the forms
 * and the account menu that post, whose chunks share it. Our shared code (src/lib,
 * src/components, contract/, but what only lazy pages use: the coin page's and the full list's
 * schemas, the recovery and account pages' codes and token, the unavailable note, and the late
 * currency menu) comes along:
 * Rolldown emitted each module that the entry and a lazy page share as a chunk of its own
 * (rolldown/rolldown#10731), and the watchlist's page and lazy parts made six such on `/`: 12
 * scripts and 133.7 kB transferred, against 5 and 124.1 kB with them here (2026-11-26).
 */
export const VENDOR_CHUNK = {
  name: 'vendor',
  test: (id: string) =>
    (/[\\/](contract|src[\\/]lib|src[\\/]components)[\\/]/.test(id) && !LAZY_ONLY.test(id)) ||
    (/node_modules/.test(id) &&
      !/[\\/]@tanstack[\\/](table-core|[\w-]*devtools)/.test(id) &&
      !/[\\/](mutationObserver|useMutation)\.js$/.test(id)),
}

/**
 * The price list's and trending's shared parts (logos, number formats, notes) stay one chunk
 * when search's lazy dialog uses the logo and the formats too: split apart by Rolldown, they were
 * one request more on `/` and 1.6 kB more transferred (JavaScript on `/`, Lighthouse's count:
 * 123.4 kB with this group, 125.0 kB and 7 scripts without).
 */
export const MARKET_PARTS_CHUNK = {
  name: 'market-parts',
  test: /[\\/]src[\\/](lib[\\/]format\.ts|components[\\/](change|coin-image|data-note|load-error)\.tsx)$/,
}
