import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acceptedEncodings, inlineHashes, SiteFiles } from './files'

const sha = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

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

describe('SiteFiles', () => {
  it('keeps the inline hashes of HTML files only', () => {
    dir = mkdtempSync(join(tmpdir(), 'site-files-'))
    mkdirSync(join(dir, 'crypto'))
    writeFileSync(join(dir, 'crypto/index.html'), '<style>p{margin:0}</style><p>x</p>')
    writeFileSync(join(dir, 'notes.txt'), '<style>p{margin:0}</style>')
    const files = new SiteFiles(dir)
    expect(files.get('/crypto/index.html')?.inlineHashes).toEqual({
      style: [sha('p{margin:0}')],
      script: [],
    })
    expect(files.get('/notes.txt')?.inlineHashes).toEqual({ style: [], script: [] })
  })
})

describe('acceptedEncodings', () => {
  it('reads Accept-Encoding, where q=0 refuses an encoding', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(
      new Set(['gzip', 'deflate', 'br', 'zstd']),
    )
    expect(acceptedEncodings('br;q=0, gzip;q=0.8')).toEqual(new Set(['gzip']))
    expect(acceptedEncodings('*')).toEqual(new Set(['*', 'gzip']))
    expect(acceptedEncodings(undefined)).toEqual(new Set())
  })
})
