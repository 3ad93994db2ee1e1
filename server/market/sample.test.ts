import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadSample } from './sample'

describe('loadSample', () => {
  it('is the fixtures, with every image a file shipped in public/', () => {
    const sample = loadSample()
    expect(sample.markets).toHaveLength(6)
    expect(sample.trending.coins).toHaveLength(15)
    const images = [
      ...sample.markets.map((coin) => coin.image),
      ...sample.trending.coins.flatMap(({ item }) => [item.thumb, item.large]),
    ]
    for (const image of images) {
      expect(image).toMatch(/^\/sample-coins\/[a-z0-9-]+\.png$/)
      expect(existsSync(new URL(`../../public${image}`, import.meta.url)), String(image)).toBe(true)
    }
    expect(sample.updatedAt.getTime()).toBeGreaterThan(0)
  })
})
