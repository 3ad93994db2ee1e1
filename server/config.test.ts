import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

/** The environment variables loadConfig reads, as it reads them. */
function variablesRead(): string[] {
  const read = new Set<string>()
  loadConfig(
    new Proxy(
      {},
      {
        get: (_, key) => {
          if (typeof key === 'string') read.add(key)
          return undefined
        },
      },
    ),
  )
  return [...read]
}

/**
 * The README's configuration tables: each variable (a row can name several, `A` / `B`) and its
 * documented default when the cell gives a value (`60`), else null ("unset", "all interfaces").
 * A variable in two tables (SITE_URL: the server's, then the build's) keeps its first row.
 */
function readmeVariables(): Map<string, string | null> {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const variables = new Map<string, string | null>()
  for (const line of readme.split('\n')) {
    const [names = '', defaults = ''] = line.split(' | ')
    if (!/^\| `[A-Z][A-Z0-9_]*`/.test(names)) continue
    const values = defaults.startsWith('`') ? [...defaults.matchAll(/`([^`]*)`/g)] : []
    for (const [i, match] of [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].entries()) {
      const name = match[1] ?? ''
      if (!variables.has(name)) variables.set(name, values[values.length > 1 ? i : 0]?.[1] ?? null)
    }
  }
  return variables
}

describe('loadConfig', () => {
  it('turns server rendering off with RENDER_PAGES=false', () => {
    expect(loadConfig({ RENDER_PAGES: 'false' }).renderPages).toBe(false)
  })

  it('starts with nothing set, and leaving a variable empty is leaving it out', () => {
    const defaults = loadConfig({})
    for (const name of variablesRead()) {
      for (const empty of ['', '  ']) {
        expect(loadConfig({ [name]: empty }), `${name}=${JSON.stringify(empty)}`).toEqual(defaults)
      }
    }
  })

  it('uses the defaults the README documents, and the README names every variable', () => {
    const documented = readmeVariables()
    expect(variablesRead().filter((name) => !documented.has(name))).toEqual([])
    const defaults = loadConfig({})
    let checked = 0
    for (const [name, value] of documented) {
      if (value === null || !variablesRead().includes(name)) continue
      // Set to its documented default, a variable changes nothing.
      expect(loadConfig({ [name]: value }), `${name}=${value}`).toEqual(defaults)
      checked++
    }
    expect(checked).toBeGreaterThan(15)
  })

  it('UPSTREAM_CALLS_PER_MIN: by the key kind unless set, with a client share below it', () => {
    const market = (env: Record<string, string>) => loadConfig(env).market
    expect(market({})).toMatchObject({ callsPerMin: 10, coinMissRateLimit: 3 })
    expect(market({ COINGECKO_API_KEY: 'CG-demo' })).toMatchObject({
      callsPerMin: 25,
      coinMissRateLimit: 9,
    })
    const pro = {
      COINGECKO_API_KEY: 'CG-pro',
      MARKET_UPSTREAM_URL: 'https://pro-api.coingecko.com/api/v3',
    }
    expect(market(pro)).toMatchObject({ callsPerMin: 250, coinMissRateLimit: 93 })
    expect(
      market({ ...pro, UPSTREAM_CALLS_PER_MIN: '40', COIN_MISS_RATE_LIMIT: '5' }),
    ).toMatchObject({ callsPerMin: 40, coinMissRateLimit: 5 })
    expect(() => loadConfig({ UPSTREAM_CALLS_PER_MIN: '2' })).toThrow(/UPSTREAM_CALLS_PER_MIN/)
  })

  it('reads and converts the environment; empty values mean the default', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/coinvera',
      SITE_URL: 'https://coinvera.example/some/path',
      TRUST_PROXY_HTTPS: 'TRUE',
      TRUST_PROXY: '1',
      MARKET_UPSTREAM_URL: 'https://pro-api.coingecko.com/api/v3/',
      VITE_MARKET_API_URL: '/api/market',
      VITE_API_URL: 'https://api.coinvera.example/',
      SIGNUP_RATE_LIMIT: '',
      LOG_LEVEL: 'silent',
    })
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u:p@db:5432/coinvera',
      siteOrigin: 'https://coinvera.example',
      trustProxy: { hops: 1 },
      trustProxyHttps: true,
      connectSrc: ['https://api.coinvera.example'],
      signupRateLimit: 10,
      signinRateLimit: 30,
      logLevel: 'silent',
      market: { upstreamUrl: 'https://pro-api.coingecko.com/api/v3' },
    })
  })

  it('coin renders and the health detail: limits in their units, the detail loopback or off', () => {
    expect(
      loadConfig({
        COIN_RENDER_RATE_LIMIT: '5',
        COIN_RENDER_CACHE_MB: '2',
        HEALTH_DETAIL: 'off',
      }),
    ).toMatchObject({
      coinRenderRateLimit: 5,
      coinRenderCacheBytes: 2 * 2 ** 20,
      healthDetail: 'off',
    })
    expect(() => loadConfig({ HEALTH_DETAIL: 'public' })).toThrow(
      'HEALTH_DETAIL: must be loopback or off (got "public")',
    )
    expect(() => loadConfig({ COIN_RENDER_CACHE_MB: '0' })).toThrow(/COIN_RENDER_CACHE_MB/)
  })

  it('TRUST_PROXY: off, true as one hop, a number of hops, or proxy addresses and CIDR ranges', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy
    expect(trust('false')).toEqual({ hops: 0 })
    expect(trust('0')).toEqual({ hops: 0 })
    expect(trust('TRUE')).toEqual({ hops: 1 })
    expect(trust('2')).toEqual({ hops: 2 })
    expect(trust('10.0.0.0/8, 192.0.2.7,2001:DB8::/32 , ::1')).toEqual({
      proxies: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1'],
    })
    for (const [value, bad] of [
      ['10.0.0.0/8, 10.0.0.300', '10.0.0.300'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['::1/129', '::1/129'],
      ['proxy.internal', 'proxy.internal'],
      ['10.0.0.0/8,', ''],
      ['21', '21'],
    ]) {
      expect(() => trust(value ?? '')).toThrow(
        `TRUST_PROXY: must be false, true, a number of proxy hops (0 to 20), or a comma-separated list of proxy addresses and CIDR ranges (${JSON.stringify(bad)} is none of these)`,
      )
    }
  })

  it('MAIL_PER_ADDRESS_PER_HOUR: 5 unless set, a whole number from 1', () => {
    expect(loadConfig({}).mail.perAddressPerHour).toBe(5)
    expect(loadConfig({ MAIL_PER_ADDRESS_PER_HOUR: '12' }).mail.perAddressPerHour).toBe(12)
    for (const bad of ['0', '2.5', 'many']) {
      expect(() => loadConfig({ MAIL_PER_ADDRESS_PER_HOUR: bad })).toThrow(
        /MAIL_PER_ADDRESS_PER_HOUR/,
      )
    }
  })

  it('lists every bad value in one message, without echoing secrets', () => {
    let error: unknown
    try {
      loadConfig({
        PORT: '70000',
        TRUST_PROXY_HTTPS: 'maybe',
        DATABASE_URL: 'mysql://root:hunter2@db/x',
        MARKET_UPSTREAM_URL: 'ftp://example.com',
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toBe(
      [
        'Invalid configuration:',
        '  PORT: must be a whole number from 0 to 65535 (got "70000")',
        '  DATABASE_URL: must be a postgres:// or postgresql:// connection URL',
        '  TRUST_PROXY_HTTPS: must be true or false (got "maybe")',
        '  MARKET_UPSTREAM_URL: must be an http(s) URL (got "ftp://example.com")',
      ].join('\n'),
    )
    expect(message).not.toContain('hunter2')
  })
})
