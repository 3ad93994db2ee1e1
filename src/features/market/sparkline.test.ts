import { describe, expect, it } from 'vitest'
import { SPARKLINE_HEIGHT, sparklinePath, sparklineWidth } from './sparkline'

describe('sparklinePath', () => {
  it('spaces the points evenly, the highest at the top and the lowest at the bottom', () => {
    expect(sparklinePath([10, 20, 15])).toBe('M0 38 2 2 4 20')
    expect(sparklineWidth(3)).toBe(4)
  })

  it('draws a flat line through the middle when nothing moved', () => {
    expect(sparklinePath([5, 5, 5])).toBe(`M0 ${SPARKLINE_HEIGHT / 2} 2 20 4 20`)
  })

  it('draws nothing with fewer than two points', () => {
    expect(sparklinePath([])).toBe('')
    expect(sparklinePath([1])).toBe('')
  })

  it('stays within the box for any prices', () => {
    const path = sparklinePath([0.00001012, 0.00001057, 0.0000099, 0.00001])
    const ys = path
      .slice(1)
      .split(' ')
      .filter((_, i) => i % 2 === 1)
      .map(Number)
    for (const y of ys) expect(y).toBeGreaterThanOrEqual(0)
    for (const y of ys) expect(y).toBeLessThanOrEqual(SPARKLINE_HEIGHT)
    expect(Math.min(...ys)).toBe(2)
    expect(Math.max(...ys)).toBe(38)
  })
})
