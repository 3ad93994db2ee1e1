import { HttpResponse, http } from 'msw'
import { expect, it } from 'vitest'
import { server } from '../../../mocks/node'
import { changeWatchlist } from './change'

it('asks for a real coin id of any shape as one encoded path segment', async () => {
  const paths: string[] = []
  server.use(
    http.put('*/api/watchlist/:id', ({ request, params }) => {
      paths.push(new URL(request.url).pathname)
      return HttpResponse.json({ coins: [String(params.id)] })
    }),
  )
  for (const id of ['1move token', 'boringdao-[old]', 'hive_dollar']) {
    expect(await changeWatchlist(id, true)).toEqual({ coins: [id] })
  }
  expect(paths).toEqual([
    '/api/watchlist/1move%20token',
    '/api/watchlist/boringdao-%5Bold%5D',
    '/api/watchlist/hive_dollar',
  ])
})
