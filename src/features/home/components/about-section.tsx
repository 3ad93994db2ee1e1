export function AboutSection() {
  return (
    <section className="about" aria-labelledby="about-title">
      <h2 id="about-title">Why Coinvera</h2>
    </section>
  )
}
