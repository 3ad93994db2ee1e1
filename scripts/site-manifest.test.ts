import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { readManifest } from '../server/site/manifest'
import { inlineHashes, writeSiteManifest } from './site-manifest'

const sha = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

function site(files: Record<string, string | Buffer>): string {
  dir ??= mkdtempSync(join(tmpdir(), 'site-manifest-'))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

// Text that compresses well, as a real bundle does.
const SCRIPT = `export const rows = [${Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(',')}]\n`

describe('inlineHashes', () => {
  it('hashes the exact text of each <style> and <script> element, once per distinct text', () => {
    const html =
      '<head><style>a{color:red}</style><script>go()</script></head>' +
      '<style>\n.b { top: 0 }\n</style><style>a{color:red}</style>'
    expect(inlineHashes(html)).toEqual({
      style: [sha('a{color:red}'), sha('\n.b { top: 0 }\n')],
      script: [sha('go()')],
    })
  })

  it('ignores style attributes, external scripts and stylesheets', () => {
    const html =
      '<p style="color:red">x</p><link rel="stylesheet" href="/a.css">' +
      '<script type="module" src="/a.js"></script>'
    expect(inlineHashes(html)).toEqual({ style: [], script: [] })
  })
})

describe('writeSiteManifest', () => {
  it('lists every file the server may serve, and nothing else', async () => {
    const root = site({
      'index.html': '<p>home</p>',
      'assets/index-a1.js': SCRIPT,
      'assets/index-a1.js.map': '{"version":3}',
      'images/coin.png': Buffer.alloc(2000),
      '.env': 'SECRET=1',
      '.git/config': '[core]',
      'images/.hidden.png': 'x',
    })
    const manifest = await writeSiteManifest(root)
    expect(Object.keys(manifest.files)).toEqual([
      '/assets/index-a1.js',
      '/images/coin.png',
      '/index.html',
    ])
    // What the server reads back is what was written.
    expect(readManifest(root)).toEqual(manifest)
  })

  it('writes brotli and gzip copies of text where they save bytes, and of nothing else', async () => {
    const root = site({
      'assets/index-a1.js': SCRIPT,
      'tiny.txt': 'a few bytes',
      // Zeros compress to nothing, but an image is left as it is.
      'images/coin.png': Buffer.alloc(2000),
    })
    const { files } = await writeSiteManifest(root)
    expect(files['/assets/index-a1.js']?.encodings).toEqual(['br', 'gzip'])
    const br = readFileSync(join(root, 'assets/index-a1.js.br'))
    const gz = readFileSync(join(root, 'assets/index-a1.js.gz'))
    expect(brotliDecompressSync(br).toString()).toBe(SCRIPT)
    expect(gunzipSync(gz).toString()).toBe(SCRIPT)
    expect(br.length).toBeLessThan(gz.length)
    expect(gz.length).toBeLessThan(SCRIPT.length / 3)

    expect(files['/tiny.txt']?.encodings).toEqual([])
    expect(files['/images/coin.png']?.encodings).toEqual([])
    for (const copy of ['tiny.txt.br', 'tiny.txt.gz', 'images/coin.png.br', 'images/coin.png.gz']) {
      expect(existsSync(join(root, copy)), copy).toBe(false)
    }
  })

  it('removes a copy left from an earlier build that no longer saves bytes', async () => {
    const root = site({ 'robots.txt': SCRIPT })
    await writeSiteManifest(root)
    expect(existsSync(join(root, 'robots.txt.br'))).toBe(true)
    site({ 'robots.txt': 'User-agent: *\n' })
    const { files } = await writeSiteManifest(root)
    expect(files['/robots.txt']?.encodings).toEqual([])
    expect(existsSync(join(root, 'robots.txt.br'))).toBe(false)
    expect(existsSync(join(root, 'robots.txt.gz'))).toBe(false)
  })

  it("records each page's own inline hashes, and none for other files", async () => {
    const root = site({
      'crypto/index.html': '<style>p{margin:0}</style><p>x</p><script>go()</script>',
      'signin/error-rate_limited.html': '<style>h1{top:0}</style>',
      'notes.txt': '<style>p{margin:0}</style>',
    })
    const { files } = await writeSiteManifest(root)
    expect(files['/crypto/index.html']?.inline).toEqual({
      style: [sha('p{margin:0}')],
      script: [sha('go()')],
    })
    expect(files['/signin/error-rate_limited.html']?.inline).toEqual({
      style: [sha('h1{top:0}')],
      script: [],
    })
    expect(files['/notes.txt']?.inline).toBeUndefined()
  })

  it('records the origin it was built for, which no inline element may name', async () => {
    const origin = 'https://coinvera.example'
    const root = site({
      'index.html': `<link rel="canonical" href="${origin}/"/><style>p{}</style>`,
    })
    expect((await writeSiteManifest(root, origin)).origin).toBe(origin)
    expect(readManifest(root)?.origin).toBe(origin)
    // The server swaps it for the run-time origin: inside an inline element, a hash would break.
    site({ 'index.html': `<script>fetch("${origin}/api")</script>` })
    await expect(writeSiteManifest(root, origin)).rejects.toThrow(
      `index.html names ${origin} inside an inline element`,
    )
  })

  it('gives each content its own weak ETag', async () => {
    const root = site({ 'a.txt': 'one', 'b.txt': 'one', 'c.txt': 'two' })
    const { files } = await writeSiteManifest(root)
    expect(files['/a.txt']?.etag).toMatch(/^W\/"[\w-]{22}"$/)
    expect(files['/b.txt']?.etag).toBe(files['/a.txt']?.etag)
    expect(files['/c.txt']?.etag).not.toBe(files['/a.txt']?.etag)
  })
})
