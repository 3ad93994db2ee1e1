import { describe, expect, it } from 'vitest'

// Each route file's source, as written.
const routeFiles = import.meta.glob<string>(['./*.tsx', '!./*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

describe('route files', () => {
  it('never ask whether they run on the server', () => {
    // A route states what its page shows; the server's render and the browser differ through the
    // router's context (src/router.ts), never by a check in a route.
    expect(Object.keys(routeFiles)).toContain('./coins.$coinId.tsx')
    const checking = Object.entries(routeFiles)
      .filter(([, text]) => /import\.meta\.env\.SSR|import\.meta\.env\[['"]SSR/.test(text))
      .map(([file]) => file)
    expect(checking).toEqual([])
  })
})
