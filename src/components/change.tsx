import { changeDirection, formatPercent } from '@/lib/format'

/**
 * A 24 h change in per cent, by the price list's rules: ▲ and its colour above 0, ▼ and red below,
 * neither for a change shown as 0.00%.
 */
export function Change({
  value,
  className = '',
}: {
  value: number | null | undefined
  className?: string
}) {
  const direction = changeDirection(value)
  const moved = direction === 'up' || direction === 'down'
  return (
    <span className={`change change--${direction} ${className}`.trim()}>
      {/* 'up' or 'down' in words: colour and arrow (drawn by the stylesheet, one element less in
          each of a list's hundred cells) are never the only cue. */}
      {moved && <span className="visually-hidden">{`${direction} `}</span>}
      {formatPercent(value)}
    </span>
  )
}
