import { screen } from '@testing-library/react'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../mocks/node'
import { renderApp } from '../../tests/render'

describe('routes', () => {
  it('renders the home page before market data arrives', async () => {
    // The market API never answers: the page must not wait for it.
    server.use(
      http.get('*/coins/markets', async () => {
        await delay('infinite')
        return HttpResponse.json([])
      }),
      http.get('*/search/trending', async () => {
        await delay('infinite')
        return HttpResponse.json({ coins: [] })
      }),
    )
    await renderApp('/')
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: /better business with cryptocurrency/i,
      }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { name: /top 7 trending search coins/i }),
    ).toBeInTheDocument()
  })

  it('shows the prices once they arrive', async () => {
    await renderApp('/crypto')
    expect(await screen.findByRole('rowheader', { name: /bitcoin/i })).toBeInTheDocument()
    expect(screen.getAllByRole('row')).toHaveLength(7) // header + 6 coins
  })

  it.each([
    ['/', /cryptocurrency/i],
    ['/crypto', /prices/i],
    ['/contact', /contact/i],
    ['/signup', /sign up/i],
    ['/signin', /sign in/i],
  ])('gives %s its own title', async (path, title) => {
    await renderApp(path)
    await screen.findAllByRole('heading', { level: 1 })
    expect(document.title).toMatch(title)
  })

  it('shows a not-found page for an unknown path', async () => {
    await renderApp('/no-such-page')
    expect(
      await screen.findByRole('heading', { level: 1, name: /page not found/i }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/')
  })
})
