import { setupWorker } from 'msw/browser'
import { offlineHandlers } from './handlers/index'

/** Started by `npm run dev:mock` only (see src/main.tsx). */
export const worker = setupWorker(...offlineHandlers)
