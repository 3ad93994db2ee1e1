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
      {moved && (
        <>
          <span className="change__arrow" aria-hidden="true">
            {direction === 'up' ? '▲' : '▼'}
          </span>
          {/* 'up' or 'down' in words: colour and arrow are never the only cue. */}
          <span className="visually-hidden">{direction} </span>
        </>
      )}
      {formatPercent(value)}
    </span>
  )
}
