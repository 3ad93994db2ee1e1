import { useQueryClient } from '@tanstack/react-query'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import { useHydrated, usePageQuery } from '@/components/hydrated'
import { openLaterRows } from '@/components/later-rows'
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

/**
 * The watchlist reaches the stars through a store, not through a context value that changes: a
 * new context value marks every Suspense boundary still waiting to hydrate below it (the price
 * list's late parts, whose code comes when the visitor nears them), and React holds back any
 * render that reaches such a boundary. Hydration ending changed the value, so the price list's
 * stored prices were never drawn on a phone that had not scrolled to them
 * (tests/e2e/revisit.test.ts). A store updates only the stars that read it.
 */
type WatchlistStore = {
  subscribe: (onChange: () => void) => () => void
  get: () => Watchlist
  /** What the server's HTML was drawn with: a star hydrates with it, whenever it hydrates. */
  getRendered: () => Watchlist
  set: (next: Watchlist) => void
}

function createWatchlistStore(rendered: Watchlist): WatchlistStore {
  let current = rendered
  const listeners = new Set<() => void>()
  return {
    subscribe: (onChange) => {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    get: () => current,
    getRendered: () => rendered,
    set: (next) => {
      current = next
      for (const onChange of listeners) onChange()
    },
  }
}

const WatchlistContext = createContext<WatchlistStore>(
  createWatchlistStore({
    signedIn: false,
    ready: false,
    coins: NONE,
    watched: new Set(),
    toggle: () => {},
  }),
)

export function useWatchlist(): Watchlist {
  const store = useContext(WatchlistContext)
  return useSyncExternalStore(store.subscribe, store.get, store.getRendered)
}

/**
 * The watchlist as it is now, for an event handler: a star hydrated by the very press that
 * submits it renders with the server's state first, which says nothing of this browser yet.
 */
export function useCurrentWatchlist(): () => Watchlist {
  return useContext(WatchlistContext).get
}

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
  const { data } = usePageQuery({ ...account, enabled: signedIn })
  const accountCoins = (signedIn ? data?.coins : undefined) ?? NONE
  const [problem, setProblem] = useState('')

  const coins = useMemo(() => [...new Set([...accountCoins, ...local])], [accountCoins, local])
  // Stars kept by this browser are drawn once the rows holding them hydrate.
  useEffect(() => {
    if (local.length > 0) openLaterRows()
  }, [local])
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

  const value = useMemo(
    () => ({ signedIn, ready: hydrated, coins, watched, toggle }),
    [signedIn, hydrated, coins, watched, toggle],
  )
  const [store] = useState(() => createWatchlistStore(value))
  useEffect(() => store.set(value), [store, value])
  return (
    <WatchlistContext value={store}>
      {children}
      {problem ? (
        <p className="watch-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </WatchlistContext>
  )
}
