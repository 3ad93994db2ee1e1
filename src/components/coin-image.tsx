import { useEffect, useRef, useState } from 'react'
import { monogram } from '@/lib/format'

/**
 * A coin's logo at a fixed size, lazy-loaded at low priority: a logo is decoration, so it never
 * takes bandwidth from the page's text and scripts (an in-view image otherwise goes up to High,
 * and a slow network then paints the list later; docs/DECISIONS.md, "Coin images are PNG and load at low priority"). When it cannot load (blocked host, 404, no URL), a
 * monogram circle with the symbol takes its place at the same size, so nothing shifts. Decorative:
 * the coin's name is always written beside it.
 */
/** The sizes the site draws logos at; each has its monogram's size in market.css. */
export type CoinImageSize = 24 | 32 | 48 | 56

export function CoinImage({
  src,
  symbol,
  size,
}: {
  src: string | null | undefined
  symbol: string
  size: CoinImageSize
}) {
  const [failed, setFailed] = useState(false)
  const ref = useRef<HTMLImageElement>(null)

  // An image can fail before React hydrates and attaches onError: check once it is in the DOM.
  useEffect(() => {
    const image = ref.current
    if (image?.complete && image.naturalWidth === 0) setFailed(true)
  }, [])

  if (!src || failed) {
    return (
      // Sized by classes, not a style attribute: the CSP allows no inline style in the server's
      // HTML, where a coin without an image URL is drawn this way.
      <span
        className={`coin-monogram coin-monogram--${size}`}
        data-letters={Math.min(Math.max(monogram(symbol).length, 2), 4)}
        aria-hidden="true"
        data-testid="coin-monogram"
      >
        {monogram(symbol)}
      </span>
    )
  }
  return (
    <img
      ref={ref}
      className="coin-image"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      fetchPriority="low"
      onError={() => setFailed(true)}
    />
  )
}
