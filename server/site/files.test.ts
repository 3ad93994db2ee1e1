import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acceptedEncodings, inlineStyleHashes, SiteFiles } from './files'

const sha = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('inlineStyleHashes', () => {
  it('hashes the exact text of each <style> element, once per distinct text', () => {
    const html =
      '<head><style>a{color:red}</style></head><style>\n.b { top: 0 }\n</style><style>a{color:red}</style>'
    expect(inlineStyleHashes(html)).toEqual([sha('a{color:red}'), sha('\n.b { top: 0 }\n')])
  })

  it('finds nothing in a page without inline CSS, and ignores style attributes', () => {
    expect(
      inlineStyleHashes('<p style="color:red">x</p><link rel="stylesheet" href="/a.css">'),
    ).toEqual([])
  })
})

describe('SiteFiles', () => {
  it('keeps the style hashes of HTML files only', () => {
    dir = mkdtempSync(join(tmpdir(), 'site-files-'))
    mkdirSync(join(dir, 'crypto'))
    writeFileSync(join(dir, 'crypto/index.html'), '<style>p{margin:0}</style><p>x</p>')
    writeFileSync(join(dir, 'notes.txt'), '<style>p{margin:0}</style>')
    const files = new SiteFiles(dir)
    expect(files.get('/crypto/index.html')?.styleHashes).toEqual([sha('p{margin:0}')])
    expect(files.get('/notes.txt')?.styleHashes).toEqual([])
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
