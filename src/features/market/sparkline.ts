/**
 * A sparkline's drawing box: two units between points (at most 50 of them, as the server keeps
 * them), and 40 units high, about a CSS pixel each where the list shows it; whole numbers, so a
 * hundred rows' paths stay small in the server's HTML.
 */
export const SPARKLINE_STEP = 2
export const SPARKLINE_HEIGHT = 40
// Room for the stroke at the top and bottom.
const PAD = 2

/** The box's width for `count` points. */
export const sparklineWidth = (count: number) => Math.max(1, (count - 1) * SPARKLINE_STEP)

/**
 * The SVG path of a sparkline: the points evenly spaced, the highest at the top and the lowest
 * at the bottom (a flat line in the middle); empty for fewer than two points.
 */
export function sparklinePath(points: readonly number[]): string {
  if (points.length < 2) return ''
  const low = Math.min(...points)
  const span = Math.max(...points) - low
  const inner = SPARKLINE_HEIGHT - 2 * PAD
  const y = (value: number) =>
    span > 0 ? Math.round(PAD + inner * (1 - (value - low) / span)) : SPARKLINE_HEIGHT / 2
  // After the move, further pairs are lines (SVG's implicit lineto): no letter per point.
  return `M${points.map((value, i) => `${i * SPARKLINE_STEP} ${y(value)}`).join(' ')}`
}
