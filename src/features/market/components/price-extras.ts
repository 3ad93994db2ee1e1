// The price section's parts that hydrate once the prices near the viewport (price-section.tsx):
// one module, so one chunk and one request, not a barrel for imports elsewhere.
export { CurrencyMenu } from '@/components/currency-menu'
export { GlobalBar } from './global-bar'
