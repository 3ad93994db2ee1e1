// Writes public/sample-coins/<id>.png, a monogram for every coin of the sample data, so the site
// shows an image for each coin with no network. Run after changing mocks/fixtures (it needs
// Debian's Chromium, which draws the images):
//   node --import tsx scripts/sample-coins.ts
// PNG like CoinGecko's own images, not SVG: every SVG <img> is a small document of its own that
// the browser lays out and paints on the main thread, ~2-10 ms each on a laptop at start-up.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { loadSample } from '../server/market/sample'
import { CHROME_FLAGS, CHROME_PATH } from './chromium'

const OUT = new URL('../public/sample-coins/', import.meta.url)

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  )
}

// A stable colour per coin, dark enough for white text (WCAG AA at this size).
function colour(id: string): string {
  let hash = 0
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const hue = hash % 360
  const [r, g, b] = [0, 8, 4].map((n) => {
    const k = (n + hue / 30) % 12
    const value = 0.32 - 0.55 * 0.32 * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(value * 255)
  })
  return `#${[r, g, b].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`
}

function monogram(id: string, name: string, symbol: string): string {
  const text = symbol.toUpperCase().slice(0, 4)
  const size = [0, 30, 26, 21, 16][text.length] ?? 16
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(name)}">
<circle cx="32" cy="32" r="32" fill="${colour(id)}"/>
<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(text)}</text>
</svg>
`
}

const sample = loadSample()
const coins = new Map<string, { name: string; symbol: string }>()
for (const coin of sample.markets) coins.set(coin.id, coin)
for (const { item } of sample.trending.coins) coins.set(item.id, item)

// 128 px: sharp at the 56 px the trending cards show, on a screen of two pixels per point.
const SIZE = 128

mkdirSync(OUT, { recursive: true })
for (const file of readdirSync(OUT)) rmSync(new URL(file, OUT))
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS })
try {
  const page = await browser.newPage({
    viewport: { width: SIZE / 2, height: SIZE / 2 },
    deviceScaleFactor: 2,
  })
  for (const [id, coin] of coins) {
    const svg = monogram(id, coin.name, coin.symbol)
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style>${svg.replace('<svg ', '<svg style="display:block" ')}`,
    )
    writeFileSync(new URL(`${id}.png`, OUT), await page.screenshot({ omitBackground: true }))
  }
} finally {
  await browser.close()
}
process.stdout.write(`Wrote ${coins.size} images to public/sample-coins/\n`)
