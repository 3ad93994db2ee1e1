import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { Logo } from '../logo'

const links = [
  { to: '/', label: 'Home' },
  { to: '/contact', label: 'Company' },
  { to: '/contact', label: 'About' },
  { to: '/crypto', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
] as const

/**
 * Site navigation. Below 768 px the links collapse behind a disclosure button: Escape or a click
 * outside closes the menu, and focus goes back to the button when it was inside.
 */
export function NavBar() {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  // A new page closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setOpen(false), [pathname])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return
      setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  return (
    <header className="nav-bar">
      <nav className="nav-bar__inner" aria-label="Main">
        <Link to="/" className="brand">
          <Logo />
          <span className="brand__name">Coinvera</span>
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className="nav-bar__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="nav-bar__toggle-icon" aria-hidden="true" />
          Menu
        </button>
        <div ref={menuRef} id={menuId} className="nav-bar__menu" data-open={open}>
          <ul className="nav-bar__links">
            {links.map((link) => (
              <li key={link.label}>
                <Link
                  to={link.to}
                  className="nav-bar__link"
                  activeOptions={{ exact: true }}
                  onClick={() => setOpen(false)}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          {/* Issue 6 puts the signed-in user's name and a Sign Out button here. */}
          <div className="nav-bar__actions">
            <Link
              to="/signup"
              className="button button--primary button--small"
              onClick={() => setOpen(false)}
            >
              Sign Up
            </Link>
            <Link
              to="/signin"
              className="button button--ghost button--small"
              onClick={() => setOpen(false)}
            >
              Sign In
            </Link>
          </div>
        </div>
      </nav>
    </header>
  )
}
