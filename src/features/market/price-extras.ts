// The price section's parts that hydrate once the prices near the viewport
// (late-price-extras.tsx): one module, so one chunk and one request.
export { CurrencyMenu } from '@/components/currency-menu'
export { GlobalBar } from './components/global-bar'
