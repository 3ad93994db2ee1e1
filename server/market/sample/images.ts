// The fixtures' coin images are on CoinGecko's image host; offline, each coin has a shipped one
// (public/sample-coins/<id>.png, drawn by scripts/sample-coins.ts and copied into the build).
// Used by the server's sample data and by `dev:mock`, so neither sends a visitor's browser out.

export function sampleImagePath(id: string): string {
  return `/sample-coins/${id}.png`
}

/** `/coins/markets` with every image on our own site. */
export function marketsWithSampleImages<T extends { id: string }>(
  coins: readonly T[],
): (T & { image: string })[] {
  return coins.map((coin) => ({ ...coin, image: sampleImagePath(coin.id) }))
}

const TRENDING_IMAGES = ['thumb', 'small', 'large'] as const

/** `/search/trending` with every coin's images (those it has) on our own site. */
export function trendingWithSampleImages<T extends { coins: readonly { item: { id: string } }[] }>(
  trending: T,
): T {
  return {
    ...trending,
    coins: trending.coins.map((coin) => {
      const item: Record<string, unknown> = { ...coin.item }
      for (const key of TRENDING_IMAGES) {
        if (key in item) item[key] = sampleImagePath(coin.item.id)
      }
      return { ...coin, item }
    }),
  }
}
