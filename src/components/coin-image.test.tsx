import { renderToString } from 'react-dom/server'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CoinImage } from './coin-image'

const monogramOf = (container: HTMLElement) => container.querySelector('.coin-monogram')

describe('CoinImage', () => {
  it('loads the image lazily, at low priority, at a fixed size', () => {
    const { container } = render(
      <CoinImage src="https://img.test/btc.png" symbol="btc" size={32} />,
    )
    const image = container.querySelector('img')
    expect(image).toHaveAttribute('loading', 'lazy')
    // Decoration never competes with the page's text and scripts (docs/DECISIONS.md).
    expect(image).toHaveAttribute('fetchpriority', 'low')
    expect(image).toHaveAttribute('width', '32')
    expect(image).toHaveAttribute('height', '32')
    expect(monogramOf(container)).toBeNull()
  })

  it('falls back to a monogram with the symbol when the image fails', () => {
    const { container } = render(
      <CoinImage src="https://img.test/btc.png" symbol="btc" size={32} />,
    )
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    expect(container.querySelector('img')).toBeNull()
    expect(monogramOf(container)).toHaveTextContent('BTC')
    expect(monogramOf(container)).toHaveClass('coin-monogram--32')
  })

  it('sizes the monogram by class, with no style attribute (the CSP allows none in HTML)', () => {
    const html = renderToString(<CoinImage src={null} symbol="virtual" size={56} />)
    expect(html).toContain('coin-monogram--56')
    expect(html).toContain('data-letters="4"')
    expect(html).not.toContain('style=')
  })

  it('falls back when the image had already failed before React was listening', () => {
    // What a prerendered page's image looks like when it broke before hydration.
    const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete')
    Object.defineProperty(HTMLImageElement.prototype, 'complete', {
      configurable: true,
      get: () => true,
    })
    try {
      const { container } = render(
        <CoinImage src="https://img.test/sol.png" symbol="sol" size={56} />,
      )
      expect(monogramOf(container)).toHaveTextContent('SOL')
    } finally {
      if (complete) Object.defineProperty(HTMLImageElement.prototype, 'complete', complete)
    }
  })

  it('shows the monogram right away without an image URL', () => {
    render(<CoinImage src={null} symbol="virtual" size={56} />)
    expect(screen.getByText('VIRT')).toHaveClass('coin-monogram')
  })
})
