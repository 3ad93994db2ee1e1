import { useEffect, useRef, useState } from 'react'
import type { Currency } from '@contract/currency'
import { formatPrice } from '@/lib/format'

/** How long a changed price stays highlighted (the CSS animation's length too). */
export const FLASH_MS = 1000

type Flash = { direction: 'up' | 'down'; value: number }

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/**
 * Which way a shown value just moved, for FLASH_MS after it changed; null on the first render and
 * for visitors who asked for reduced motion.
 */
export function useFlash(value: number | undefined): Flash | null {
  const previous = useRef(value)
  const [flash, setFlash] = useState<Flash | null>(null)
  useEffect(() => {
    const before = previous.current
    previous.current = value
    if (before === undefined || value === undefined || before === value || reducedMotion()) {
      setFlash(null)
      return
    }
    setFlash({ direction: value > before ? 'up' : 'down', value })
    const timer = setTimeout(() => setFlash(null), FLASH_MS)
    return () => clearTimeout(timer)
  }, [value])
  return flash
}

/**
 * A coin's price, flashing green or red when a refresh changes it. The colour adds nothing the
 * row does not say: the 24 h change keeps its arrow and sign.
 */
export function PriceCell({
  value,
  currency = 'usd',
}: {
  value: number | undefined
  currency?: Currency
}) {
  const flash = useFlash(value)
  return (
    // A new key per changed value restarts the animation when prices change again within it.
    <span key={flash?.value} className={flash ? `flash flash--${flash.direction}` : undefined}>
      {formatPrice(value, currency)}
    </span>
  )
}
