import { useFadeIn } from '@/components/fade-in'

// The product's own words (SEED-SPEC, home page item 3): a unit test holds them.
const columns = [
  {
    icon: '/images/icon-trading.svg',
    title: 'Ease of Trading',
    lines: [
      'Intuitive interface',
      'Instant deposit options',
      'Cash out directly to the bank account',
    ],
  },
  {
    icon: '/images/icon-security.svg',
    title: 'Institutional-grade Security',
    lines: [
      '98% of assets stored safely offline',
      'Highly encrypted personal data',
      'Whitelisting and transaction confirmations',
    ],
  },
  {
    icon: '/images/icon-reliability.svg',
    title: 'Proven Reliability',
    lines: ['24/7 dedicated support', 'Industry-leading uptime', 'Exchanging bitcoin since 2011'],
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
