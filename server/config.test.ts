import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('has working defaults for every setting', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: undefined,
      dataDir: './data',
      databaseUrl: undefined,
      clientDir: 'dist/client',
      siteOrigin: undefined,
      trustProxy: false,
      trustProxyHttps: false,
      connectSrc: [],
      logLevel: 'info',
      signupRateLimit: 10,
      signinRateLimit: 30,
      shutdownTimeoutMs: 10_000,
      market: {
        upstreamUrl: 'https://api.coingecko.com/api/v3',
        apiKey: undefined,
        marketsTtlS: 60,
        trendingTtlS: 300,
        timeoutMs: 8000,
        firstWaitMs: 1500,
      },
    })
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
      trustProxy: true,
      trustProxyHttps: true,
      connectSrc: ['https://api.coinvera.example'],
      signupRateLimit: 10,
      signinRateLimit: 30,
      logLevel: 'silent',
      market: { upstreamUrl: 'https://pro-api.coingecko.com/api/v3' },
    })
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
