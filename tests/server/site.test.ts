import { createHash } from 'node:crypto'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { SITE_ROUTES, TOKEN_PAGES } from '@contract/pages'
import { removeDir } from './helpers/pglite'
import { testServer, setUpTestDb, setUpTestServer } from './helpers/server'
import { APP_JS, makeSite, SHELL_HTML } from './helpers/site-fixture'

const testDb = setUpTestDb()
const server = setUpTestServer({}, { db: testDb })

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: 'manual' })

function expectSecurityHeaders(
  response: Response,
  referrerPolicy = TOKEN_PAGES.includes(new URL(response.url).pathname)
    ? 'no-referrer'
    : 'strict-origin-when-cross-origin',
) {
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
  expect(csp).toContain("frame-ancestors 'none'")
  // Everything else, connections included, only from our own origin.
  expect(csp).toMatch(/^default-src 'self';/)
  expect(csp).not.toMatch(/connect-src|font-src/)
  expect(csp).toContain(
    "img-src 'self' data: https://assets.coingecko.com https://coin-images.coingecko.com",
  )
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('referrer-policy')).toBe(referrerPolicy)
  expect(response.headers.get('strict-transport-security')).toBeNull()
  // Headers for Internet Explorer and Flash, and one that would stop DNS prefetching, are not sent.
  for (const name of ['x-xss-protection', 'x-download-options', 'x-dns-prefetch-control']) {
    expect(response.headers.get(name), name).toBeNull()
  }
}

describe('pages', () => {
  it.each(SITE_ROUTES)(
    '%s answers 200 with the app, not cached without revalidation',
    async (path) => {
      const response = await get(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toBe(SHELL_HTML)
      expectSecurityHeaders(response)
    },
  )

  it.each(['/nope', '/crypto/bitcoin', '/index', '/signup/extra', '/.env', '/%2e%2e/etc/passwd'])(
    '%s answers 404 with the app, which renders its not-found page',
    async (path) => {
      const response = await get(path)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await response.text()).toBe(SHELL_HTML)
      expectSecurityHeaders(response)
    },
  )

  it('redirects a page path with a trailing slash to its canonical path', async () => {
    const response = await get('/crypto/')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/crypto')
  })

  it('answers HEAD like GET, without a body', async () => {
    const response = await fetch(`${server.url}/contact`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it('revalidates with the ETag: 304, keeping the page its own CSP', async () => {
    const s = await testServer(
      {},
      { db: testDb, site: { 'crypto/index.html': '<style>p{margin:0}</style><p>x</p>' } },
    )
    const at = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${s.url}${path}`, { headers })
    const page = await at('/crypto')
    const etag = page.headers.get('etag') ?? ''
    const csp = page.headers.get('content-security-policy')
    // Weak: the brotli, gzip and plain bodies differ byte for byte.
    expect(etag).toMatch(/^W\/".+"$/)
    expect(csp).toContain('sha256-')
    for (const ifNoneMatch of [etag, `"other", ${etag}`, '*']) {
      const response = await at('/crypto', { 'If-None-Match': ifNoneMatch })
      expect(response.status, ifNoneMatch).toBe(304)
      expect(await response.text()).toBe('')
      expect(response.headers.get('etag')).toBe(etag)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(response.headers.get('content-security-policy')).toBe(csp)
    }
    expect((await at('/crypto', { 'If-None-Match': '"other"' })).status).toBe(200)
    // The same file compressed keeps its ETag; another file has its own.
    expect((await at('/crypto', { 'Accept-Encoding': 'br' })).headers.get('etag')).toBe(etag)
    expect((await at('/')).headers.get('etag')).not.toBe(etag)
  })
})

describe('assets', () => {
  it('serves hashed assets as immutable, brotli or gzip as the client accepts', async () => {
    const path = '/assets/index-abc123.js'
    const br = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.headers.get('content-encoding')).toBe('br')
    // A script is never a document: it keeps nosniff and its referrer policy, without the
    // headers that govern a document (bytes on every script of a page's load).
    expect(br.headers.get('x-content-type-options')).toBe('nosniff')
    expect(br.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(br.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'permissions-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
    ]) {
      expect(br.headers.get(name), name).toBeNull()
    }
    // Raw bytes: fetch would decode, so ask node for the body as sent.
    const raw = await rawGet(path, 'br')
    expect(brotliDecompressSync(raw).toString()).toBe(APP_JS)
    expect(raw.length).toBeLessThan(APP_JS.length / 2)

    expect(gunzipSync(await rawGet(path, 'gzip')).toString()).toBe(APP_JS)
    expect((await rawGet(path, 'identity')).toString()).toBe(APP_JS)
    expect(gunzipSync(await rawGet(path, 'br;q=0, gzip')).toString()).toBe(APP_JS)
    expect(gunzipSync(await rawGet(path, 'gzip;q=0.5')).toString()).toBe(APP_JS)
  })

  it('a missing asset is a small 404, never the HTML page (a stale chunk fails fast)', async () => {
    const response = await get('/assets/route-old123.js')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect((await response.json()).error).toBe('not_found')
    expectSecurityHeaders(response)
  })

  it('serves other public files with a short cache', async () => {
    const response = await get('/sample-coins/bitcoin.svg')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    // An SVG opened on its own is a document that could run script: it keeps the policy.
    expectSecurityHeaders(response)
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  it('names Accept-Encoding in Vary for a file with compressed copies, even sent plain', async () => {
    const plain = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'identity' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    // Too small to gain from compression: no copies, nothing varies.
    const tiny = await get('/favicon.svg', { 'Accept-Encoding': 'br, gzip' })
    expect(tiny.headers.get('content-encoding')).toBeNull()
    expect(tiny.headers.get('vary')).toBeNull()
  })
})

describe('what is never served', () => {
  it('source maps and dot-files, though they are in the build folder: 404', async () => {
    const s = await testServer(
      {},
      {
        db: testDb,
        site: {
          'assets/index-abc123.js.map': '{"version":3,"sourcesContent":["const secret = 1"]}',
          '.env': 'DATABASE_URL=postgres://secret',
          '.git/config': '[core] secret',
          'images/.hidden.png': 'secret',
          '404.html': '<p>not found page</p>',
        },
      },
    )
    const map = await fetch(`${s.url}/assets/index-abc123.js.map`)
    expect(map.status).toBe(404)
    expect((await map.json()).error).toBe('not_found')
    for (const path of ['/.env', '/.git/config', '/images/.hidden.png', '/%2Eenv']) {
      const response = await fetch(`${s.url}${path}`)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).not.toContain('secret')
    }
    // Nor are the build's own files: its manifest and the compressed copies, which are sent
    // in place of their file, with its type.
    const copies = ['/assets/index-abc123.js.br', '/assets/index-def456.css.gz']
    for (const path of ['/.build-manifest.json', ...copies]) {
      expect(existsSync(join(s.siteDir, path)), path).toBe(true)
      const response = await fetch(`${s.url}${path}`)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-encoding'), path).toBeNull()
    }
    // The script itself is still there.
    expect((await fetch(`${s.url}/assets/index-abc123.js`)).status).toBe(200)
  })
})

describe('the build by name', () => {
  it("a page's own file redirects to the page; other HTML of the build is not found", async () => {
    const s = await testServer(
      {},
      {
        db: testDb,
        site: {
          'crypto/index.html': '<p>prerendered crypto</p>',
          'contact.html': '<p>prerendered contact</p>',
          'signin/index.html': '<p>sign in</p>',
          'signin/error-invalid_credentials.html': '<p>sign in, wrong password</p>',
          'coins/template.html': '<p>coin template</p>',
          '404.html': '<p>not found page</p>',
        },
      },
    )
    const at = (path: string) => fetch(`${s.url}${path}`, { redirect: 'manual' })
    for (const [file, page] of [
      ['/index.html', '/'],
      ['/crypto/index.html', '/crypto'],
      ['/contact.html', '/contact'],
      ['/signin/index.html', '/signin'],
    ]) {
      const response = await at(file as string)
      expect(response.status, file).toBe(301)
      expect(response.headers.get('location'), file).toBe(page)
    }
    for (const file of [
      '/404.html',
      '/coins/template.html',
      '/signin/error-invalid_credentials.html',
    ]) {
      const response = await at(file)
      expect(response.status, file).toBe(404)
      expect(await response.text(), file).toBe('<p>not found page</p>')
    }
    // The pages themselves are still there, the variant by its query.
    expect(await (await at('/signin?error=invalid_credentials')).text()).toBe(
      '<p>sign in, wrong password</p>',
    )
    expect((await at('/coins/bitcoin')).status).toBe(200)
  })
})

describe('methods', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s on a page or a file: 405 JSON, saying GET and HEAD are allowed',
    async (method) => {
      for (const path of ['/', '/crypto', '/signin', '/coins/bitcoin', '/assets/index-abc123.js']) {
        const response = await fetch(`${server.url}${path}`, { method })
        expect(response.status, path).toBe(405)
        expect(response.headers.get('allow'), path).toBe('GET, HEAD')
        expect(await response.json(), path).toEqual({
          error: 'method_not_allowed',
          message: expect.any(String),
        })
        expectSecurityHeaders(response)
      }
      // Where nothing is, nothing is allowed either.
      for (const path of ['/nope', '/coins/no-such-coin', '/index.html']) {
        const response = await fetch(`${server.url}${path}`, { method, redirect: 'manual' })
        expect(response.status, path).toBe(404)
        expect((await response.json()).error, path).toBe('not_found')
      }
    },
  )
})

describe('the run-time SITE_URL', () => {
  const BUILT = 'http://localhost:3000'
  const head = (path: string) =>
    `<link rel="canonical" href="${BUILT}${path}"/><meta property="og:url" content="${BUILT}${path}"/>`

  it('wins over the origin the build was made for: canonical links, social tags, robots.txt, sitemap', async () => {
    const crypto = `<html><head>${head('/crypto')}<style>p{margin:0}</style></head><body>${'<p>prices</p>'.repeat(50)}</body></html>`
    const s = await testServer(
      { SITE_URL: 'https://coinvera.example' },
      {
        db: testDb,
        site: {
          'crypto/index.html': crypto,
          'robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${BUILT}/sitemap.xml\n`,
          'sitemap.xml': `<urlset>${'<url><loc>http://localhost:3000/crypto</loc></url>'.repeat(20)}</urlset>`,
          // Another origin that starts with the build's is not the build's.
          'contact.html': `<a href="http://localhost:30001/x">x</a>${head('/contact')}`,
        },
      },
    )
    const built = await testServer({}, { db: testDb, site: { 'crypto/index.html': crypto } })
    const expected = crypto.replaceAll(BUILT, 'https://coinvera.example')
    const page = await fetch(`${s.url}/crypto`, { headers: { 'Accept-Encoding': 'identity' } })
    expect(await page.text()).toBe(expected)
    expect(brotliDecompressSync(await rawGetFrom(s.url, '/crypto', 'br')).toString()).toBe(expected)
    expect(gunzipSync(await rawGetFrom(s.url, '/crypto', 'gzip')).toString()).toBe(expected)
    // A new ETag; the same CSP, as no inline element changed.
    const before = await fetch(`${built.url}/crypto`)
    expect(page.headers.get('etag')).not.toBe(before.headers.get('etag'))
    expect(page.headers.get('content-security-policy')).toBe(
      before.headers.get('content-security-policy'),
    )
    expect(await (await fetch(`${s.url}/robots.txt`)).text()).toContain(
      'Sitemap: https://coinvera.example/sitemap.xml',
    )
    const sitemap = await (await fetch(`${s.url}/sitemap.xml`)).text()
    expect(sitemap).toContain('<loc>https://coinvera.example/crypto</loc>')
    expect(sitemap).not.toContain(BUILT)
    expect(await (await fetch(`${s.url}/contact`)).text()).toBe(
      `<a href="http://localhost:30001/x">x</a>${head('/contact').replaceAll(BUILT, 'https://coinvera.example')}`,
    )
  })
})

describe('API paths', () => {
  it('an unknown /api path is a JSON 404, with the security headers', async () => {
    for (const path of ['/api', '/api/', '/api/nope', '/api/auth/whatever']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual({ error: 'not_found', message: expect.any(String) })
      expectSecurityHeaders(response)
    }
  })
})

const rawGet = (path: string, encoding: string) => rawGetFrom(server.url, path, encoding)

async function rawGetFrom(base: string, path: string, encoding: string): Promise<Buffer> {
  const { request } = await import('node:http')
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(Buffer.concat(chunks)))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('prerendered pages and configuration', () => {
  it("serves a route's own HTML file and the 404 page when the build has them", async () => {
    const s = await testServer(
      {},
      {
        db: testDb,
        site: {
          'crypto/index.html': '<p>prerendered crypto</p>',
          'contact.html': '<p>prerendered contact</p>',
          '404.html': '<p>not found page</p>',
        },
      },
    )
    const text = async (path: string) => {
      const response = await fetch(`${s.url}${path}`)
      return `${response.status} ${await response.text()}`
    }
    expect(await text('/crypto')).toBe('200 <p>prerendered crypto</p>')
    expect(await text('/contact')).toBe('200 <p>prerendered contact</p>')
    expect(await text('/signup')).toBe(`200 ${SHELL_HTML}`)
    expect(await text('/missing')).toBe('404 <p>not found page</p>')
  })

  it("serves a form page's prerendered variant for a known ?error= code, else the page", async () => {
    const s = await testServer(
      {},
      {
        db: testDb,
        site: {
          'signin/index.html': '<p>sign in</p>',
          'signin/error-invalid_credentials.html': '<p>sign in, wrong password</p>',
        },
      },
    )
    const text = async (path: string) => (await fetch(`${s.url}${path}`)).text()
    expect(await text('/signin?error=invalid_credentials')).toBe('<p>sign in, wrong password</p>')
    expect(await text('/signin')).toBe('<p>sign in</p>')
    // An unknown code, or one of another page, is the page itself.
    expect(await text('/signin?error=../index')).toBe('<p>sign in</p>')
    expect(await text('/signin?error=email_taken')).toBe('<p>sign in</p>')
  })

  it("allows a page's inline <style> and <script> by their hashes, on that page only", async () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    const s = await testServer(
      {},
      {
        db: testDb,
        site: {
          'crypto/index.html': '<style>body{color:#fff}</style><p>prices</p><script>go(1)</script>',
          'signin/index.html': '<style>p{margin:0}</style><p>sign in</p>',
          'signin/error-invalid_credentials.html':
            '<style>p{margin:0}</style><p role="alert">wrong</p><script>go(2)</script>',
          '404.html': '<style>h1{margin:0}</style><h1>not found</h1>',
        },
      },
    )
    const directives = async (path: string) => {
      const response = await fetch(`${s.url}${path}`)
      const csp = (response.headers.get('content-security-policy') ?? '').split('; ')
      return csp.filter((directive) => /^(style|script)-src /.test(directive))
    }
    expect(await directives('/crypto')).toEqual([
      `script-src 'self' ${sha('go(1)')}`,
      `style-src 'self' ${sha('body{color:#fff}')}`,
    ])
    expect(await directives('/signin')).toEqual([
      "script-src 'self'",
      `style-src 'self' ${sha('p{margin:0}')}`,
    ])
    expect(await directives('/signin?error=invalid_credentials')).toEqual([
      `script-src 'self' ${sha('go(2)')}`,
      `style-src 'self' ${sha('p{margin:0}')}`,
    ])
    expect(await directives('/missing')).toEqual([
      "script-src 'self'",
      `style-src 'self' ${sha('h1{margin:0}')}`,
    ])
    // The shell has nothing inline, and neither has anything else.
    const strict = ["script-src 'self'", "style-src 'self'"]
    expect(await directives('/signup')).toEqual(strict)
    expect(await directives('/api/health')).toEqual(strict)
    // A script is not a document: no policy of its own (see 'assets' above).
    expect(await directives('/assets/index-abc123.js')).toEqual([])
  })

  it('HSTS and the configured API origins in connect-src when set', async () => {
    const s = await testServer(
      {
        TRUST_PROXY_HTTPS: 'true',
        VITE_MARKET_API_URL: 'https://api.coingecko.com/api/v3',
        CSP_CONNECT_SRC: 'https://api.example.com/x',
      },
      { db: testDb },
    )
    const response = await fetch(`${s.url}/`)
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
    expect(response.headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://api.example.com https://api.coingecko.com",
    )
  })

  it('without a build, pages answer 503 JSON saying how to build', async () => {
    // A folder with files but no manifest is no build either (the build writes it last).
    const unfinished = await makeSite()
    rmSync(join(unfinished, '.build-manifest.json'))
    for (const clientDir of ['/nonexistent/dist', unfinished]) {
      const s = await testServer({ CLIENT_DIR: clientDir }, { db: testDb })
      const response = await fetch(`${s.url}/`)
      expect(response.status).toBe(503)
      expect((await response.json()).message).toContain('npm run build')
      expect((await fetch(`${s.url}/assets/index-abc123.js`)).status).toBe(404)
      expect((await fetch(`${s.url}/api/health`)).status).toBe(200)
    }
    removeDir(unfinished)
  })

  it('refuses to start on a build it cannot read, saying how to fix it', async () => {
    const unreadable = await makeSite()
    writeFileSync(join(unreadable, '.build-manifest.json'), '{"files":{"/index.html":{}}}')
    const incomplete = await makeSite()
    rmSync(join(incomplete, 'assets/index-abc123.js.br'))
    try {
      await expect(testServer({ CLIENT_DIR: unreadable }, { db: testDb })).rejects.toThrow(
        /\.build-manifest\.json is not a manifest this server reads .*npm run build/,
      )
      await expect(testServer({ CLIENT_DIR: incomplete }, { db: testDb })).rejects.toThrow(
        /index-abc123\.js\.br is in the build's manifest but cannot be read .*npm run build/,
      )
    } finally {
      removeDir(unreadable)
      removeDir(incomplete)
    }
  })
})

describe('pages opened from an emailed link', () => {
  const FORM = '<form><input type="hidden" name="token" value=""/></form>'
  const page = (title: string) =>
    SHELL_HTML.replace('<title>Coinvera</title>', `<title>${title}</title>`).replace(
      '<div id="root"></div>',
      `<div id="root">${FORM}</div>`,
    )
  const linked = setUpTestServer(
    {},
    {
      site: {
        'reset-password/index.html': page('Reset'),
        'verify-email/index.html': page('Verify'),
      },
    },
  )
  const TOKEN = 'k1Qm3x_-Zz0123456789abcdefghijklmnopqrstuvw'

  it.each(['/reset-password', '/verify-email'])(
    '%s gets the token in its form for a visitor without JavaScript, not stored, no referrer',
    async (path) => {
      const response = await fetch(`${linked.url}${path}?token=${TOKEN}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      const html = await response.text()
      expect(html).toContain(`<input type="hidden" name="token" value="${TOKEN}"/>`)
    },
  )

  it('a token of the wrong shape is not written, and the page is the prerendered one', async () => {
    const response = await fetch(`${linked.url}/reset-password?token=%22%3E%3Cscript%3E`)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toContain(FORM)
  })
})
