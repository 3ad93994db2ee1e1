// The site's pages as the build writes them (scripts/prerender.ts) and the server serves them
// (server/routes/site.ts): one list for both.
import { SIGN_IN_ERRORS, SIGN_UP_ERRORS } from './form-errors'

/** The site's pages; every other path is the not-found page. */
export const SITE_ROUTES = ['/', '/contact', '/crypto', '/signup', '/signin', '/watchlist'] as const

/** Coin pages (`/coins/<id>`): one prerendered template (skeletons) serves every known coin. */
export const COIN_PAGE_TEMPLATE = '/coins/template.html'
/** The path the build renders the template from: an id of the right shape that no data uses. */
export const COIN_TEMPLATE_PATH = '/coins/template'

/**
 * Pages prerendered once more for each `?error=` code their form can come back with
 * (server/routes/auth.ts), so that a visitor without JavaScript reads the message too.
 */
export const PAGE_ERRORS = new Map<string, readonly string[]>([
  ['/signup', SIGN_UP_ERRORS],
  ['/signin', SIGN_IN_ERRORS],
])

/** The file of a page's variant for an error code (written by scripts/prerender.ts). */
export const errorPageFile = (route: string, code: string) => `${route}/error-${code}.html`
