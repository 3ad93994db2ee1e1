import { type ComponentType, createContext, useContext } from 'react'

export type CoinStarProps = { coinId: string; name: string }

/**
 * The watchlist's star (src/features/watchlist), handed in by the root route: shared UI and the
 * other features know no feature, and a render without it (a unit test) shows no star.
 */
export const CoinStarContext = createContext<ComponentType<CoinStarProps> | null>(null)

/** A coin's watchlist star, where the page offers one. */
export function CoinStar(props: CoinStarProps) {
  const Star = useContext(CoinStarContext)
  return Star ? <Star {...props} /> : null
}
