import { afterEach, describe, expect, it } from 'vitest'
import { recordEarlyChoices, takeEarlyChoice, takeEarlyKey } from './early-choices'

function currencySelect(): HTMLSelectElement {
  document.body.innerHTML = `<select name="currency">
    <option value="usd">USD</option><option value="eur">EUR</option><option value="gbp">GBP</option>
  </select>`
  return document.querySelector('select') as HTMLSelectElement
}

/** A pick as the browser sends it: the new value, `input`, then `change`. */
function pick(select: HTMLSelectElement, value: string, { resetBeforeChange = '' } = {}) {
  select.value = value
  select.dispatchEvent(new Event('input', { bubbles: true }))
  // What React does when the input forces hydration: the rendered value is back by the change.
  if (resetBeforeChange) select.value = resetBeforeChange
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

let stop = () => {}
afterEach(() => stop())

describe('early choices', () => {
  it('keeps the value a pick sent with its input, not the one its change finds', () => {
    stop = recordEarlyChoices()
    pick(currencySelect(), 'gbp', { resetBeforeChange: 'usd' })
    expect(takeEarlyChoice('currency')).toBe('gbp')
    // Given once.
    expect(takeEarlyChoice('currency')).toBeUndefined()
  })

  it('counts a change sent alone, as a script or assistive technology may', () => {
    stop = recordEarlyChoices()
    const select = currencySelect()
    select.value = 'eur'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    expect(takeEarlyChoice('currency')).toBe('eur')
  })

  it('keeps the last of several picks', () => {
    stop = recordEarlyChoices()
    const select = currencySelect()
    pick(select, 'gbp')
    pick(select, 'eur')
    expect(takeEarlyChoice('currency')).toBe('eur')
  })

  it('forgets when stopped and hears nothing after', () => {
    stop = recordEarlyChoices()
    const select = currencySelect()
    pick(select, 'gbp')
    stop()
    expect(takeEarlyChoice('currency')).toBeUndefined()
    pick(select, 'eur')
    expect(takeEarlyChoice('currency')).toBeUndefined()
  })

  it('keeps the last key pressed, given once, and forgets it when stopped', () => {
    stop = recordEarlyChoices()
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }))
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }))
    expect(takeEarlyKey()?.key).toBe('/')
    expect(takeEarlyKey()).toBeNull()
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }))
    stop()
    expect(takeEarlyKey()).toBeNull()
  })
})
