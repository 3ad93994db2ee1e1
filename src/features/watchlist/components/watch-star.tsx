import { useRouterState } from '@tanstack/react-router'
import { env } from '@/lib/env'
import type { CoinStarProps } from '@/components/coin-star'
import { useCurrentWatchlist, useWatchlist } from './watchlist-provider'

/** The site's star, as the watchlist's buttons draw it (src/styles/watchlist.css). */
export function StarIcon() {
  return <span className="star-icon" aria-hidden="true" />
}

/**
 * A coin's watchlist star: a toggle button (`aria-pressed`), filled when the coin is watched and
 * an outline when not, so colour is never the only cue. It is always a button in a form, so the
 * same markup serves before, without and with the page's script:
 * - signed in, the form posts (`POST /api/watchlist/<id>`, answered with 303 back here);
 * - signed out, the list lives in this browser and needs the script: until it runs, the form goes
 *   to sign in (`GET /signin?return=`), and the button says so.
 * With the script, the press is handled here. Only its words and state change when the page's
 * script is ready, not its elements: a hundred stars swapping a link for a form right after
 * hydration was one of `/coins`'s longest tasks.
 */
export function WatchStar({ coinId, name }: CoinStarProps) {
  const { signedIn, ready, watched } = useWatchlist()
  const current = useCurrentWatchlist()
  // Where a form without the script comes back to: the page, as the server drew it.
  const back = useRouterState({ select: ({ location }) => location.pathname })
  const on = watched.has(coinId)
  const toggles = signedIn || ready
  const label = !toggles
    ? `Sign in to add ${name} to your watchlist`
    : on
      ? `Remove ${name} from watchlist`
      : `Add ${name} to watchlist`
  // The tooltip: its row already names the coin, and the same words in every row cost a list of
  // a hundred stars almost nothing (`/coins` keeps under 60 kB brotli).
  const tip = !toggles
    ? 'Sign in to add to your watchlist'
    : on
      ? 'Remove from watchlist'
      : 'Add to watchlist'
  const action = signedIn
    ? `${env.formApiUrl}api/watchlist/${encodeURIComponent(coinId)}?${new URLSearchParams({ return: back })}`
    : '/signin'
  return (
    <form
      className="watch-star__form"
      method={signedIn ? 'post' : 'get'}
      action={action}
      onSubmit={(event) => {
        const now = current()
        if (!(now.signedIn || now.ready)) return
        event.preventDefault()
        now.toggle(coinId, !now.watched.has(coinId))
      }}
    >
      {signedIn ? (
        <input type="hidden" name="watch" value={on ? 'remove' : 'add'} />
      ) : (
        <input type="hidden" name="return" value={back} />
      )}
      <button
        type="submit"
        className="watch-star"
        aria-pressed={toggles ? on : undefined}
        aria-label={label}
        title={tip}
      />
    </form>
  )
}
