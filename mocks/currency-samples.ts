// The price list in another currency as the server's offline sample converts it, for the tests
// that compare a rendered list with it.
export { marketsIn } from '../server/market/sample/currencies'
