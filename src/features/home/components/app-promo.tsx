export function AppPromo() {
  return (
    <section className="app-promo" aria-labelledby="app-promo-title">
      <h2 id="app-promo-title">Take Coinvera with you</h2>
    </section>
  )
}
