import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { writeSiteManifest } from '../../../scripts/site-manifest'

export const SHELL_HTML = `<!doctype html><html lang="en"><head><title>Coinvera</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div></body></html>`

// Big enough to be worth compressing, like a real bundle.
export const APP_JS = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(',')}]\n`

/**
 * A small built site in a temporary folder, finished by the build's own last step (compressed
 * copies and the manifest); `extra` adds files such as prerendered pages, made for `origin`
 * (the build's SITE_URL).
 */
export async function makeSite(
  extra: Record<string, string> = {},
  origin = 'http://localhost:3000',
): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'coinvera-site-'))
  const files: Record<string, string> = {
    'index.html': SHELL_HTML,
    'assets/index-abc123.js': APP_JS,
    'assets/index-def456.css': `body{color:#fff}\n${'.x{margin:0}'.repeat(80)}`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'sample-coins/bitcoin.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ...extra,
  }
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path)
    mkdirSync(dirname(full), { recursive: true })
    writeFileSync(full, content)
  }
  await writeSiteManifest(root, origin)
  return root
}
