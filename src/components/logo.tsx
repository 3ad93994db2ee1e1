/**
 * Coinvera's mark: a "C" orbit around a coin, violet to cyan. An image file rather than inline
 * SVG keeps it out of the JavaScript bundle; decorative, as the brand name is written beside it,
 * so fetched at low priority like the coins' logos (see CoinImage).
 */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <img
      className="logo"
      src="/images/logo.svg"
      alt=""
      width={size}
      height={size}
      fetchPriority="low"
    />
  )
}
