export function Footer() {
  return (
    <footer className="footer">
      <p>© 2021 Coinvera</p>
    </footer>
  )
}
