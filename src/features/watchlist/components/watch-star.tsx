import { useRouterState } from '@tanstack/react-router'
import { env } from '@/lib/env'
import type { CoinStarProps } from '@/components/coin-star'
import { useWatchlist } from './watchlist-provider'

/** The site's star, as the watchlist's buttons draw it. */
export function StarIcon() {
  return (
    <svg className="watch-star__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
    </svg>
  )
}

/**
 * A coin's watchlist star: a toggle button (`aria-pressed`), filled when the coin is watched and
 * an outline when not, so colour is never the only cue. Signed in it is a form (`POST
 * /api/watchlist/<id>`, answered with 303 back here), so it works before and without the
 * page's script; with it, the press is handled here. Signed out, the list lives in this browser
 * and needs the script: until it runs, the star is a link to sign in.
 */
export function WatchStar({ coinId, name }: CoinStarProps) {
  const { signedIn, ready, watched, toggle } = useWatchlist()
  // Where a form or link without the script comes back to: the page, as the server drew it.
  const back = useRouterState({ select: ({ location }) => location.pathname })
  const on = watched.has(coinId)
  const label = on ? `Remove ${name} from watchlist` : `Add ${name} to watchlist`

  if (!signedIn && !ready) {
    const signIn = `/signin?${new URLSearchParams({ return: back })}`
    const text = `Sign in to add ${name} to your watchlist`
    return (
      <a className="watch-star" href={signIn} aria-label={text} title={text}>
        <StarIcon />
      </a>
    )
  }
  const button = (
    <button
      type={signedIn ? 'submit' : 'button'}
      className="watch-star"
      aria-pressed={on}
      aria-label={label}
      title={label}
      onClick={signedIn ? undefined : () => toggle(coinId, !on)}
    >
      <StarIcon />
    </button>
  )
  if (!signedIn) return button
  return (
    <form
      className="watch-star__form"
      method="post"
      action={`${env.formApiUrl}api/watchlist/${encodeURIComponent(coinId)}?${new URLSearchParams({ return: back })}`}
      onSubmit={(event) => {
        event.preventDefault()
        toggle(coinId, !on)
      }}
    >
      <input type="hidden" name="watch" value={on ? 'remove' : 'add'} />
      {button}
    </form>
  )
}
