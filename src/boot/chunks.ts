// How the build splits and marks the app's JavaScript, for start-up speed (README, "Start-up
// speed"). Used by vite.config.ts; the figures are bench/hydration.ts's and bench/bundle.ts's.

/**
 * V8 compiles every function of a file with this comment as it loads it, instead of each on the
 * main thread at its first call; our chunks are loaded only when their code is about to run
 * (Chrome 136+; others ignore it). Measured on `/` (CPU time × 4, median of 5 loads): main
 * thread after FCP 496 ms with it, 581 ms without.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

type ModuleGraph = {
  getModuleInfo: (id: string) => { isEntry: boolean; importers: readonly string[] } | null
}

/** Whether the entry imports `id`, directly or through other static imports. */
function loadedByEntry(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  const info = graph.getModuleInfo(id)
  if (!info || seen.has(id)) return false
  if (info.isEntry) return true
  seen.add(id)
  return info.importers.some((importer) => loadedByEntry(importer, graph, seen))
}

const OUR_SHARED_CODE = /[\\/](contract|src[\\/]lib|src[\\/]components)[\\/]/

/**
 * The price list's and trending's shared parts (logos, number formats, notes, the table), which
 * `/` loads with its lazy price section: in chunks of their own (search's dialog, `/coins`, the
 * watchlist and the portfolio use them too) they were three requests more on `/` (139.6 kB
 * transferred in 8 scripts; in `vendor`, 131.4 kB of brotli bodies in 5).
 */
const MARKET_PARTS =
  /[\\/]src[\\/](lib[\\/](format|figure-width)\.ts|components[\\/](change|coin-image|coin-link|converted-note|data-note|data-table|load-error)\.tsx)$/

/**
 * Every page needs these libraries before it can respond: one chunk compresses better than the
 * handful the automatic split made (React with the rest: 2.1 kB less transferred on `/` than in
 * a chunk of its own, and no more main thread). Devtools (empty in production) are in their own
 * chunk, and `useMutation` with the forms and the account menu that post, whose chunks share it.
 *
 * Our shared code (contract/, src/lib, src/components) that the entry or the market parts load
 * comes along: Rolldown emitted each module that the entry and a lazy page share as a chunk of
 * its own (rolldown/rolldown#10731), six of them on `/` once the watchlist came: 12 scripts and
 * 133.7 kB transferred, against 5 and 124.1 kB with them here. Shared code only
 * lazy pages load stays out: here it weighed on every page (a list of such modules by name went
 * stale with each feature: the alerts' contract and the countdown made `/` 126.0 kB).
 */
export const VENDOR_CHUNK = {
  name: (id: string, graph: ModuleGraph) =>
    OUR_SHARED_CODE.test(id) && !MARKET_PARTS.test(id) && !loadedByEntry(id, graph)
      ? null
      : 'vendor',
  test: (id: string) =>
    OUR_SHARED_CODE.test(id) ||
    (/node_modules/.test(id) &&
      !/[\\/]@tanstack[\\/][\w-]*devtools/.test(id) &&
      // Exact decimals: the coin page's converter's and the portfolio's, in their pages' chunks.
      !/[\\/]decimal\.js[\\/]/.test(id) &&
      !/[\\/](mutationObserver|useMutation)\.js$/.test(id)),
}
