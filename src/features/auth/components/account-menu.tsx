import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useHydrated } from '@/components/hydrated'
import { authQueries } from '../session'

// The signed-in menu, with the sign-out mutations, comes only for visitors who are signed in: a
// visitor without a session (most of them) never loads it. Until it is here the links stay.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })))

/**
 * The navigation bar's account area. Sign Up / Sign In for visitors (`onNavigate` closes the
 * phone menu around them). Once the session says who is signed in, the user's name opens a
 * small account menu (user-menu.tsx). The prerendered page (and a visitor without JavaScript)
 * gets the links.
 */
export function AccountMenu({ onNavigate }: { onNavigate: () => void }) {
  const hydrated = useHydrated()
  const session = useQuery(authQueries.session())
  const signInRef = useRef<HTMLAnchorElement>(null)
  const [signedOut, setSignedOut] = useState(false)
  const user = hydrated ? session.data : undefined

  // The account menu is gone once signing out worked: keep keyboard focus nearby, on Sign In.
  useEffect(() => {
    if (signedOut && !user) signInRef.current?.focus()
  }, [signedOut, user])

  const links = (
    <div className="nav-bar__actions">
      <Link to="/signup" className="button button--primary button--small" onClick={onNavigate}>
        Sign Up
      </Link>
      <Link
        ref={signInRef}
        to="/signin"
        className="button button--ghost button--small"
        onClick={onNavigate}
      >
        Sign In
      </Link>
    </div>
  )
  if (!user) return links
  return (
    <Suspense fallback={links}>
      <UserMenu user={user} onSignedOut={() => setSignedOut(true)} />
    </Suspense>
  )
}
