import { expect, it, onTestFinished } from 'vitest'
import { startFakeUpstream } from '../support/fake-upstream'

// The fake every server and e2e test talks to: what it answers decides what those tests prove.

async function fake() {
  const upstream = await startFakeUpstream()
  onTestFinished(() => upstream.close())
  const get = async (path: string) => {
    const response = await fetch(`${upstream.url}/${path}`)
    return { status: response.status, text: await response.text() }
  }
  return { upstream, get }
}

it('serves the fixtures below /api/v3 and nothing else', async () => {
  const { upstream, get } = await fake()
  expect(upstream.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/)
  const markets = await get('coins/markets?vs_currency=usd')
  expect(markets.status).toBe(200)
  expect(JSON.parse(markets.text)[0].id).toBe('bitcoin')
  expect((await get('search/trending')).status).toBe(200)
  expect((await get('coins/unknown')).status).toBe(404)
  expect((await fetch(upstream.url.replace('/api/v3', '/coins/markets'))).status).toBe(404)
  expect(upstream.callsTo('coins/markets')).toEqual([
    expect.objectContaining({ path: 'coins/markets', query: '?vs_currency=usd' }),
  ])
})

it('answers one path as a test says, and every path once told without one', async () => {
  const { upstream, get } = await fake()
  upstream.behave({ kind: 'ok', body: '{"id":"cardano"}' }, 'coins/cardano')
  upstream.behave({ kind: 'html' }, 'search/trending')
  expect(await get('coins/cardano')).toEqual({ status: 200, text: '{"id":"cardano"}' })
  expect((await get('search/trending')).text).toContain('<!doctype html>')
  expect((await get('coins/markets')).status).toBe(200)

  upstream.behave({ kind: 'status', status: 500 })
  expect((await get('search/trending')).status).toBe(500)
  expect((await get('coins/markets')).status).toBe(500)
  // What was set for one path alone is gone with it.
  expect((await get('coins/cardano')).status).toBe(404)
})

it('holds an answer until the moment the test gives', async () => {
  const { upstream, get } = await fake()
  let release = () => {}
  upstream.behave({ kind: 'ok', until: new Promise<void>((resolve) => (release = resolve)) })
  let answered = false
  const pending = get('coins/markets').then((answer) => {
    answered = true
    return answer
  })
  await upstream.called(1, 'coins/markets')
  expect(answered).toBe(false)
  release()
  expect((await pending).status).toBe(200)
})
