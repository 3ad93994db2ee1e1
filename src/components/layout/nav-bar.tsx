import { Link } from '@tanstack/react-router'
import { type ReactNode, useId, useRef, useState } from 'react'
import { CurrentLink } from '../current-link'
import { Logo } from '../logo'

// Company and About have no pages yet and lead to Contact's: only Contact says it is the page.
// The visitor's own tools are in the phone menu only, side by side in one row, so the menu is
// no taller than with one link; wider screens reach them from the account menu and the full list.
const links: {
  to: '/' | '/contact' | '/crypto' | '/watchlist' | '/portfolio' | '/converter'
  label: string
  current?: false
  phoneOnly?: true
}[] = [
  { to: '/', label: 'Home' },
  { to: '/contact', label: 'Company', current: false },
  { to: '/contact', label: 'About', current: false },
  { to: '/crypto', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/watchlist', label: 'Watchlist', phoneOnly: true },
  { to: '/portfolio', label: 'Portfolio', phoneOnly: true },
  { to: '/converter', label: 'Converter', phoneOnly: true },
]

/**
 * Site navigation. Below 860 px the links collapse behind a disclosure: a `<details>` whose
 * summary is the Menu button, so the menu opens without JavaScript too; the menu follows it
 * (its sibling, shown by CSS while it is open), so at other widths it is simply there. Escape
 * closes the menu and puts focus back on the button; so does focus leaving the navigation. The
 * account area and the search come from the root route (shared UI imports no feature); the
 * account area gets `closeMenu` for its links.
 */
export function NavBar({
  account,
  search,
}: {
  account: (closeMenu: () => void) => ReactNode
  /** The search control, beside the brand at every width. */
  search?: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const toggleRef = useRef<HTMLElement>(null)
  const close = () => setOpen(false)

  return (
    <header className="nav-bar">
      <nav
        className="nav-bar__inner"
        aria-label="Main"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return
          close()
          toggleRef.current?.focus()
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) close()
        }}
      >
        <Link to="/" className="brand">
          <Logo />
          <span className="brand__name">Coinvera</span>
        </Link>
        {search}
        <details
          className="nav-bar__disclosure"
          open={open}
          onToggle={(event) => setOpen(event.currentTarget.open)}
        >
          {/* Named apart from its text, which narrow phones hide (layout.css). */}
          <summary
            ref={toggleRef}
            className="nav-bar__toggle"
            aria-controls={menuId}
            aria-label="Menu"
          >
            <span className="nav-bar__toggle-icon" aria-hidden="true" />
            <span className="nav-bar__toggle-label">Menu</span>
          </summary>
        </details>
        <div id={menuId} className="nav-bar__menu">
          <ul className="nav-bar__links">
            {links.map((link) => (
              <li key={link.label} className={link.phoneOnly ? 'nav-bar__phone-only' : undefined}>
                <CurrentLink
                  to={link.to}
                  current={link.current}
                  className="nav-bar__link"
                  // The page is current whatever its query says (/crypto?currency=eur).
                  activeOptions={{ exact: true, includeSearch: false }}
                  onClick={close}
                >
                  {link.label}
                </CurrentLink>
              </li>
            ))}
          </ul>
          {account(close)}
        </div>
      </nav>
    </header>
  )
}
