import { useFadeIn } from '@/components/fade-in'

const columns = [
  {
    icon: '/images/icon-market.svg',
    title: 'Live Market Data',
    lines: [
      'Prices, volume and market cap',
      'Trending coins and the global market',
      'A page for every coin, with its chart',
    ],
  },
  {
    icon: '/images/icon-security.svg',
    title: 'Your Account, Kept Safe',
    lines: [
      'Passwords stored hashed (Argon2)',
      'Email confirmation and recovery',
      'Sign-in attempts limited',
    ],
  },
  {
    icon: '/images/icon-alerts.svg',
    title: 'Price Alerts by Email',
    lines: ['Above or below your price', 'In six currencies', 'Up to 50 alerts each'],
  },
] as const

export function AboutSection() {
  const ref = useFadeIn<HTMLElement>(1000)
  return (
    <section ref={ref} className="section about" aria-labelledby="about-title">
      <div className="section__header">
        <p className="eyebrow">Why Coinvera</p>
        <h2 id="about-title" className="section__title">
          Built for trust, designed for ease
        </h2>
      </div>
      <ul className="about__grid">
        {columns.map((column) => (
          <li key={column.title} className="about__card">
            {/* Below the first screen, like the app promo's phone: lazy, so React does not
                preload them in the page's head, ahead of what the first paint needs. */}
            <img
              className="about__icon"
              src={column.icon}
              alt=""
              width={56}
              height={56}
              loading="lazy"
            />
            <h3 className="about__title">{column.title}</h3>
            <ul className="about__lines">
              {column.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}
