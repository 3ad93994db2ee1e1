import { Link } from '@tanstack/react-router'
import { Logo } from '../logo'

// The product's five headings; every link leads to a page that exists today.
const groups = [
  {
    heading: 'Company',
    links: [
      { to: '/contact', label: 'About us' },
      { to: '/contact', label: 'Careers' },
      { to: '/contact', label: 'Press' },
    ],
  },
  {
    heading: 'Businesses',
    links: [
      { to: '/contact', label: 'Institutions' },
      { to: '/contact', label: 'Partners' },
      { to: '/signup', label: 'Open an account' },
    ],
  },
  {
    heading: 'Exchange',
    links: [
      { to: '/crypto', label: 'Prices' },
      { to: '/coins', label: 'All coins' },
      { to: '/search', label: 'Search coins' },
    ],
  },
  {
    heading: 'Blockchain',
    links: [
      { to: '/crypto', label: 'Markets' },
      { to: '/contact', label: 'Research' },
      { to: '/contact', label: 'Developers' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { to: '/contact', label: 'Help centre' },
      { to: '/contact', label: 'Security' },
      { to: '/contact', label: 'Contact us' },
    ],
  },
] as const

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Link to="/" className="brand">
            <Logo />
            <span className="brand__name">Coinvera</span>
          </Link>
          <p className="footer__tagline">Cryptocurrency prices and trends, made simple.</p>
        </div>
        <nav className="footer__groups" aria-label="Footer">
          {groups.map((group) => (
            <div key={group.heading} className="footer__group">
              <h2 className="footer__heading">{group.heading}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="footer__bottom">
        <p>© 2021 Coinvera</p>
      </div>
    </footer>
  )
}
