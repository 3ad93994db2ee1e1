import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CoinConverter } from './coin-converter'

const bitcoin = { name: 'Bitcoin', symbol: 'btc', price: 97412.37 }

describe('the coin page converter', () => {
  it('opens with one coin at the price shown', () => {
    render(<CoinConverter {...bitcoin} currency="usd" />)
    expect(screen.getByLabelText('Amount in BTC')).toHaveValue('1')
    expect(screen.getByLabelText('Value in USD')).toHaveValue('97412.37')
  })

  it('updates the value as the visitor types an amount, in exact decimals (48706.185, half to even)', async () => {
    const user = userEvent.setup()
    render(<CoinConverter {...bitcoin} currency="usd" />)
    const amount = screen.getByLabelText('Amount in BTC')
    await user.clear(amount)
    await user.type(amount, '0.5')
    expect(screen.getByLabelText('Value in USD')).toHaveValue('48706.18')
    expect(screen.getByText('0.5 BTC = 48706.18 USD, at the price above.')).toBeInTheDocument()
  })

  it('updates the amount as the visitor types a value', async () => {
    const user = userEvent.setup()
    render(<CoinConverter {...bitcoin} currency="usd" />)
    const value = screen.getByLabelText('Value in USD')
    await user.clear(value)
    await user.type(value, '1,000')
    expect(screen.getByLabelText('Amount in BTC')).toHaveValue('0.01026564')
  })

  it('keeps what was typed when the currency or price changes, and recomputes the other side', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<CoinConverter {...bitcoin} currency="usd" />)
    const amount = screen.getByLabelText('Amount in BTC')
    await user.clear(amount)
    await user.type(amount, '2')
    rerender(<CoinConverter {...bitcoin} price={11_000_000} currency="jpy" />)
    expect(screen.getByLabelText('Amount in BTC')).toHaveValue('2')
    expect(screen.getByLabelText('Value in JPY')).toHaveValue('22000000')
  })

  it('says what is wrong with an amount that is not a number, and changes nothing else', async () => {
    const user = userEvent.setup()
    render(<CoinConverter {...bitcoin} currency="usd" />)
    const amount = screen.getByLabelText('Amount in BTC')
    await user.clear(amount)
    await user.type(amount, 'abc')
    expect(amount).toHaveValue('abc')
    expect(amount).toHaveAccessibleDescription(/Enter an amount as a number/)
    expect(screen.getByLabelText('Value in USD')).toHaveValue('')
  })

  it('says so when there is no price to convert at', () => {
    render(<CoinConverter {...bitcoin} price={null} currency="eur" />)
    expect(screen.getByText('No price in euros to convert at.')).toBeInTheDocument()
  })
})
