import { Link } from '@tanstack/react-router'

export function NavBar() {
  return (
    <header className="nav-bar">
      <nav aria-label="Main">
        <Link to="/" className="brand">
          Coinvera
        </Link>
        <ul>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/contact">Company</Link>
          </li>
          <li>
            <Link to="/contact">About</Link>
          </li>
          <li>
            <Link to="/crypto">Pricing</Link>
          </li>
          <li>
            <Link to="/contact">Contact</Link>
          </li>
        </ul>
        <Link to="/signup">Sign Up</Link>
        <Link to="/signin">Sign In</Link>
      </nav>
    </header>
  )
}
