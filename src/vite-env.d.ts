/// <reference types="vite/client" />

declare const __APP_VERSION__: string

interface ImportMetaEnv {
  readonly VITE_MARKET_API_URL?: string
  readonly VITE_API_URL?: string
}
