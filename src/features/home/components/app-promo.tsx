export function AppPromo() {
  return (
    <section className="section app-promo" aria-labelledby="app-promo-title">
      <div className="app-promo__card">
        <div className="app-promo__copy">
          <p className="eyebrow">Mobile app</p>
          <h2 id="app-promo-title" className="section__title">
            Take Coinvera with you
          </h2>
          <p className="app-promo__text">
            The Coinvera app keeps your portfolio one tap away, on iPhone and Android. Price alerts
            by email: <a href="/coins/bitcoin#price-alert">set one on a coin's page</a>.
          </p>
          <ul className="app-promo__badges">
            <li>
              <img
                src="/images/badge-app-store.svg"
                alt="Download on the App Store"
                width={150}
                height={48}
                loading="lazy"
              />
            </li>
            <li>
              <img
                src="/images/badge-google-play.svg"
                alt="Get it on Google Play"
                width={162}
                height={48}
                loading="lazy"
              />
            </li>
          </ul>
        </div>
        <img
          className="app-promo__phone"
          src="/images/phone-mockup.svg"
          alt="The Coinvera app on a phone, showing a portfolio chart and coin prices"
          width={280}
          height={520}
          loading="lazy"
        />
      </div>
    </section>
  )
}
