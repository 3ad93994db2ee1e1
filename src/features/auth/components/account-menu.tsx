import { Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useHydrated } from '@/components/hydrated'
import { safeReturnPath } from '@contract/return-to'
import { useSignedInUser } from '../session'

// The signed-in menu, with the sign-out mutations, comes only for visitors who are signed in: a
// visitor without a session (most of them) never loads it. Until it is here the links stay. A
// page rendered for a signed-in visitor loads it before rendering (src/entry-server.tsx) and
// before hydrating (src/main.tsx), so the menu is there at once and hydrates as it is.
let loaded: typeof import('./user-menu') | undefined
export const loadUserMenu = () =>
  import('./user-menu').then((module) => {
    loaded = module
    return module
  })
const LazyUserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })))

/**
 * Where Sign In and Sign Up bring the visitor back to: this page. While hydrating, its path
 * alone, as the server rendered it (it ignores the queries it does not render, `?sort=`).
 */
function useReturnPath(): string | undefined {
  const hydrated = useHydrated()
  const here = useRouterState({
    select: ({ location }) => (hydrated ? location.href : location.pathname),
  })
  const path = safeReturnPath(here)
  return path === '/' ? undefined : (path ?? undefined)
}

/**
 * The navigation bar's account area. Sign Up / Sign In for visitors (`onNavigate` closes the
 * phone menu around them), which bring them back to this page. For a signed-in visitor, their
 * name opens a small account menu (user-menu.tsx): in the server's HTML when it rendered the
 * page for them, else once the session says who is signed in. Signing out, here or anywhere
 * else, is said in a live region.
 */
export function AccountMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useSignedInUser()
  const back = useReturnPath()
  const signInRef = useRef<HTMLAnchorElement>(null)
  const [signedOutHere, setSignedOutHere] = useState(false)
  const [notice, setNotice] = useState('')
  const wasSignedIn = useRef(false)

  useEffect(() => {
    if (user) {
      wasSignedIn.current = true
      setNotice('')
    } else if (wasSignedIn.current) {
      wasSignedIn.current = false
      setNotice('You are signed out.')
    }
  }, [user])

  // The account menu is gone once signing out from it worked: keep keyboard focus nearby.
  useEffect(() => {
    if (signedOutHere && !user) signInRef.current?.focus()
  }, [signedOutHere, user])

  const search = back ? { return: back } : {}
  // React.lazy, except that code already loaded renders at once instead of suspending once.
  // Chosen once per mount: switching from the lazy wrapper to the loaded component on a later
  // render is a new component type, which remounts the menu and shuts it under the visitor's
  // pointer (a slow phone opened it, then the session's next render closed it).
  const [UserMenu] = useState(() => loaded?.UserMenu ?? LazyUserMenu)
  const links = (
    <div className="nav-bar__actions">
      <Link
        to="/signup"
        search={search}
        className="button button--primary button--small"
        onClick={onNavigate}
      >
        Sign Up
      </Link>
      <Link
        ref={signInRef}
        to="/signin"
        search={search}
        className="button button--ghost button--small"
        onClick={onNavigate}
      >
        Sign In
      </Link>
    </div>
  )
  return (
    <>
      {user ? (
        <Suspense fallback={links}>
          <UserMenu
            user={user}
            onSignedOut={(left) => {
              setSignedOutHere(true)
              // A new page: the phone menu closes, as for a link, so its note is seen.
              if (left) onNavigate()
            }}
          />
        </Suspense>
      ) : (
        links
      )}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
    </>
  )
}
