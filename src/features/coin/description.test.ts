import { describe, expect, it } from 'vitest'
import { descriptionText } from './description'

describe('descriptionText', () => {
  it('keeps the first paragraph as text, links reduced to their words', () => {
    const html =
      'Bitcoin is the first <a href="https://www.coingecko.com/en?category=cryptocurrency">cryptocurrency</a>.\r\n\r\nIt was created by Satoshi.'
    expect(descriptionText(html)).toBe('Bitcoin is the first cryptocurrency.')
  })

  it('drops scripts, handlers and markup, and decodes entities', () => {
    const html =
      '<script>alert(1)</script><img src=x onerror="alert(2)"><b>Fish &amp; chips</b> &lt;3 &#x263A; &#9731;</p><p>second'
    expect(descriptionText(html)).toBe('Fish & chips <3 ☺ ☃')
  })

  it('skips empty paragraphs and accepts nothing', () => {
    expect(descriptionText('\n\n  <p></p>\n\nReal text')).toBe('Real text')
    expect(descriptionText(null)).toBe('')
    expect(descriptionText('')).toBe('')
  })

  it('leaves an unknown entity as written and an unclosed tag out', () => {
    expect(descriptionText('A &bogus; B <a href="x"')).toBe('A &bogus; B')
  })
})
