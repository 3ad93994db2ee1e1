// The site's pages as the build writes them (scripts/prerender.ts) and the server serves them
// (server/routes/site.ts): one list for both.
import { SIGN_IN_ERRORS, SIGN_UP_ERRORS } from './form-errors'
import * as accountForms from './account-forms'
import { ALERT_DONE, ALERT_ERRORS } from './alerts'

/** The site's pages; every other path is the not-found page. */
export const SITE_ROUTES = [
  '/',
  '/contact',
  '/crypto',
  '/coins',
  '/signup',
  '/signin',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/account',
  '/account/alerts',
  '/alerts/delete',
  '/watchlist',
  '/portfolio',
  '/search',
  '/converter',
] as const

/** The full market list, one page per `?page=` (server/site/pages.ts renders each). */
export const MARKET_LIST_ROUTE = '/coins'

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
  ['/forgot-password', accountForms.FORGOT_PASSWORD_ERRORS],
  ['/reset-password', accountForms.RESET_PASSWORD_ERRORS],
  ['/verify-email', accountForms.VERIFY_EMAIL_ERRORS],
  ['/account', accountForms.ACCOUNT_ERRORS],
  ['/account/alerts', ALERT_ERRORS],
  ['/alerts/delete', ALERT_ERRORS],
])

/** The same for each `?done=` code: what a form posted without JavaScript did. */
export const PAGE_DONE = new Map<string, readonly string[]>([
  ['/forgot-password', accountForms.FORGOT_PASSWORD_DONE],
  ['/reset-password', accountForms.RESET_PASSWORD_DONE],
  ['/verify-email', accountForms.VERIFY_EMAIL_DONE],
  ['/account', accountForms.ACCOUNT_DONE],
  ['/account/alerts', ALERT_DONE],
  ['/alerts/delete', ALERT_DONE],
])

/** The file of a page's variant for an error code (written by scripts/prerender.ts). */
export const errorPageFile = (route: string, code: string) => `${route}/error-${code}.html`
/** The file of a page's variant for a `?done=` code. */
export const donePageFile = (route: string, code: string) => `${route}/done-${code}.html`

/**
 * Pages opened from an emailed link whose `?token=` the server writes into the page's form, for
 * a visitor without JavaScript; served `no-store` and with `Referrer-Policy: no-referrer`.
 */
export const TOKEN_PAGES: readonly string[] = ['/reset-password', '/verify-email', '/alerts/delete']
