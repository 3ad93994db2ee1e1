// The product's promo shows two store-style badges, as images: there is no app to link to.
const badges = [
  { src: '/images/badge-app-store.svg', alt: 'Download on the App Store', width: 150 },
  { src: '/images/badge-google-play.svg', alt: 'Get it on Google Play', width: 162 },
] as const

export function AppPromo() {
  return (
    <section className="section app-promo" aria-labelledby="app-promo-title">
      <div className="app-promo__card">
        <div className="app-promo__copy">
          <p className="eyebrow">On your phone</p>
          <h2 id="app-promo-title" className="section__title">
            Take Coinvera with you
          </h2>
          <p className="app-promo__text">
            Coinvera works in your phone's browser: prices, trending coins and search fit its
            screen. Price alerts by email:{' '}
            <a href="/coins/bitcoin#price-alert">set one on a coin's page</a>.
          </p>
          <ul className="app-promo__badges">
            {badges.map((badge) => (
              <li key={badge.src}>
                <img
                  src={badge.src}
                  alt={badge.alt}
                  width={badge.width}
                  height={48}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </div>
        <img
          className="app-promo__phone"
          src="/images/phone-mockup.svg"
          alt="Coinvera on a phone, showing a price chart and coin prices"
          width={280}
          height={520}
          loading="lazy"
        />
      </div>
    </section>
  )
}
