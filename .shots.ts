// Throwaway: screenshots of pages online (fake upstream) and offline (dead upstream).
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROME_FLAGS, CHROME_PATH } from './scripts/chromium'
import { startFakeUpstream } from './tests/support/fake-upstream'

const out = process.argv[2] ?? '/work/notes/shots'
const paths = (process.argv[3] ?? '/,/crypto?currency=btc,/coins/bitcoin').split(',')
const upstream = await startFakeUpstream()
async function serve(port: number, upstreamUrl: string) {
  const child = spawn('node', ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shot-')),
      MARKET_UPSTREAM_URL: upstreamUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  })
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  return child
}
const online = await serve(3991, upstream.url)
const offline = await serve(3992, 'http://127.0.0.1:9/api/v3')
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS })
for (const [name, port] of [
  ['online', 3991],
  ['offline', 3992],
] as const) {
  for (const [w, h] of [
    [1280, 800],
    [375, 812],
  ]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } })
    for (const p of paths) {
      await page.goto(`http://127.0.0.1:${port}${p}`, { waitUntil: 'networkidle' })
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y)
          await new Promise((r) => setTimeout(r, 60))
        }
        window.scrollTo(0, 0)
      })
      await page.waitForTimeout(1500)
      const file = `${out}/${name}-${w}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`
      await page.screenshot({ path: file, fullPage: true })
      console.log(file)
    }
    await page.close()
  }
}
await browser.close()
online.kill()
offline.kill()
await upstream.close()
