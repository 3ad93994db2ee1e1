import { mkdtempSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { COIN_DETAIL_PARAMS } from '@contract/coin'
import { type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { freshDataDir, removeDir } from './helpers/pglite'
import { freePort, runServer } from './helpers/process'
import { testServer } from './helpers/server'
import { makeSite } from './helpers/site-fixture'

const DETAIL_QUERY = new URLSearchParams(
  Object.entries(COIN_DETAIL_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()

describe('the server process', () => {
  it('on SIGTERM: stops accepting, finishes the request in flight, closes the database, exits 0', async () => {
    // The request below waits for its upstream call, which answers once the server is shutting
    // down.
    let answer = () => {}
    const upstream: FakeUpstream = await startFakeUpstream({
      kind: 'ok',
      until: new Promise<void>((resolve) => (answer = resolve)),
    })
    const dataDir = await freshDataDir()
    const siteDir = await makeSite()
    onTestFinished(() => upstream.close())
    onTestFinished(() => removeDir(dataDir))
    onTestFinished(() => removeDir(siteDir))
    const port = await freePort()
    const child = runServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: siteDir,
      MARKET_UPSTREAM_URL: upstream.url,
      // Past the test's timeout: the request waits for the upstream's answer, however late.
      MARKET_FIRST_WAIT_MS: '60000',
    })
    onTestFinished(() => {
      if (child.process.exitCode === null) child.process.kill('SIGKILL')
    })
    await child.outputs((output) => output.includes('"msg":"listening"'), 'the server to listen')
    const base = `http://127.0.0.1:${port}`
    const created = await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Kept', email: 'kept@example.com', password: 'lighthouse-42x' }),
    })
    expect(created.status).toBe(201)

    // A coin's details: a call of its own, so its arrival upstream says the server is handling it.
    const inFlight = fetch(`${base}/api/market/coins/bitcoin?${DETAIL_QUERY}`, {
      headers: { Connection: 'close' },
    })
    await upstream.called(1, 'coins/bitcoin')
    child.process.kill('SIGTERM')
    await child.outputs((output) => output.includes('"msg":"shutting down"'), 'the shutdown')
    answer()
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(response.headers.get('x-data-source')).toBe('live')
    expect(await child.exited).toBe(0)
    expect(child.output()).toContain('"msg":"stopped"')
    await expect(fetch(`${base}/api/health`)).rejects.toThrow()

    // The same folder again: the account is still there.
    const again = runServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: siteDir,
    })
    onTestFinished(() => {
      if (again.process.exitCode === null) again.process.kill('SIGKILL')
    })
    await again.outputs((output) => output.includes('"msg":"listening"'), 'the restart')
    const duplicate = await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Kept', email: 'KEPT@example.com', password: 'lighthouse-42x' }),
    })
    expect(duplicate.status).toBe(409)
    again.process.kill('SIGINT')
    expect(await again.exited).toBe(0)
  })

  it('creates a missing DATA_DIR that only its own user may open (0700)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'coinvera-data-parent-'))
    onTestFinished(() => removeDir(parent))
    const dataDir = join(parent, 'nested', 'data')
    const server = await testServer({}, { dataDir })
    expect(statSync(dataDir).mode & 0o777).toBe(0o700)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  })

  it('a bad setting stops the start with one readable message, exit 1', async () => {
    const child = runServer({ PORT: 'eighty', LOG_LEVEL: 'loud', MARKETS_TTL_S: '-1' })
    onTestFinished(() => {
      if (child.process.exitCode === null) child.process.kill('SIGKILL')
    })
    expect(await child.exited).toBe(1)
    expect(child.output()).toBe(
      [
        'Invalid configuration:',
        '  PORT: must be a whole number from 0 to 65535 (got "eighty")',
        '  LOG_LEVEL: must be one of debug, info, warn, error, silent (got "loud")',
        '  MARKETS_TTL_S: must be a whole number from 1 to 86400 (got "-1")',
        '',
      ].join('\n'),
    )
  })

  it('a port in use: a clear message, exit 1', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    onTestFinished(() => new Promise((resolve) => blocker.close(() => resolve())))
    const address = blocker.address()
    const port = address && typeof address !== 'string' ? address.port : 0
    const dataDir = await freshDataDir()
    onTestFinished(() => removeDir(dataDir))
    const child = runServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir })
    onTestFinished(() => {
      if (child.process.exitCode === null) child.process.kill('SIGKILL')
    })
    expect(await child.exited).toBe(1)
    expect(child.output()).toContain(`Port ${port} is already in use`)
  })

  it('a DATA_DIR in use by another server: a clear message, exit 1, the first one unharmed', async () => {
    const dataDir = await freshDataDir()
    onTestFinished(() => removeDir(dataDir))
    const first = await testServer({}, { dataDir })
    const child = runServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir })
    onTestFinished(() => {
      if (child.process.exitCode === null) child.process.kill('SIGKILL')
    })
    expect(await child.exited).toBe(1)
    expect(child.output()).toContain(`another server (process ${process.pid}) is using it`)
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200)
  })
})
