import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import { useHydrated } from '@/components/hydrated'
import { usePageData } from '@/lib/page-state'
import { readLocal, subscribeLocal } from '../local'
import { watchlistQueries } from '../queries'

type Watchlist = {
  signedIn: boolean
  /** Hydrated: the browser's list is known, and the star can act on it. */
  ready: boolean
  /** The coins starred: the account's and this browser's, in that order. */
  coins: readonly string[]
  watched: ReadonlySet<string>
  /** Stars (`watch`) or unstars a coin; its code loads on the first press. */
  toggle: (id: string, watch: boolean) => void
}

const NONE: readonly string[] = []
const WatchlistContext = createContext<Watchlist>({
  signedIn: false,
  ready: false,
  coins: NONE,
  watched: new Set(),
  toggle: () => {},
})

export const useWatchlist = () => useContext(WatchlistContext)

/**
 * The visitor's watchlist for every star on the page: the account's when signed in (in the
 * server's HTML when it rendered the page for them), this browser's otherwise (after hydration,
 * as the server cannot know it). Signing in merges the browser's list into the account once
 * (merge.ts). A failed change is said in an alert.
 */
export function WatchlistProvider({
  signedIn,
  children,
}: {
  signedIn: boolean
  children: ReactNode
}) {
  const queryClient = useQueryClient()
  const hydrated = useHydrated()
  const local = useSyncExternalStore(subscribeLocal, readLocal, () => NONE)
  const account = watchlistQueries.account()
  const { data } = useQuery({ ...account, enabled: signedIn })
  const rendered = usePageData(account.queryKey)
  const accountCoins = (signedIn ? (hydrated ? data : rendered)?.coins : undefined) ?? NONE
  const [problem, setProblem] = useState('')

  const coins = useMemo(() => [...new Set([...accountCoins, ...local])], [accountCoins, local])
  const watched = useMemo(() => new Set(coins), [coins])

  // Signed in with coins starred while signed out: into the account (a union, so a second tab
  // doing the same at once changes nothing); what the account refused stays in the browser.
  useEffect(() => {
    if (!signedIn || local.length === 0) return
    import('../merge').then(
      ({ mergeIntoAccount }) => mergeIntoAccount(queryClient, local),
      () => {},
    )
  }, [signedIn, local, queryClient])

  const toggle = useCallback(
    (id: string, watch: boolean) => {
      import('../change').then(
        async ({ changeStar }) =>
          setProblem(await changeStar(queryClient, { signedIn, id, watch })),
        () => setProblem('The watchlist could not load. Check your connection and try again.'),
      )
    },
    [queryClient, signedIn],
  )

  // What hydration changes (the browser's list, the session settling) reaches the stars in a
  // background render: drawn at once, it made React finish hydrating the page in one task of
  // 143-190 ms (CPU × 4, bench --only hydration) instead of short ones.
  const shownSignedIn = useDeferredValue(signedIn)
  const ready = useDeferredValue(hydrated)
  const shownCoins = useDeferredValue(coins)
  const shownWatched = useDeferredValue(watched)
  const value = useMemo(
    () => ({
      signedIn: shownSignedIn,
      ready,
      coins: shownCoins,
      watched: shownWatched,
      toggle,
    }),
    [shownSignedIn, ready, shownCoins, shownWatched, toggle],
  )
  return (
    <WatchlistContext value={value}>
      {children}
      {problem ? (
        <p className="watch-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </WatchlistContext>
  )
}
