import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Vitest runs from the project's root.
const STYLES = join(process.cwd(), 'src/styles')

/** A stylesheet's text with the local files it imports, in order. */
function withImports(name: string): string {
  const text = readFileSync(join(STYLES, name), 'utf8')
  return text.replace(/@import\s+"\.\/([^"]+)";/g, (_, file: string) => withImports(file))
}

// other-pages.css arrives after `/`'s first paint (src/boot/stylesheets.ts). Registering a custom
// property, or changing what the root element passes down, made the browser restyle the whole
// page as it arrived: 537 elements on `/`, a task of 46 ms at 4x CPU (Chromium trace).
describe('the stylesheet linked after the first paint', () => {
  const late = withImports('other-pages.css').replace(/\/\*[\s\S]*?\*\//g, '')

  it('is read with its imports', () => {
    expect(late).toContain('.fade {')
    expect(late).not.toContain('@import')
  })

  it('registers no custom property and styles neither the root element nor the body', () => {
    expect(late).not.toMatch(/@property/)
    expect(late).not.toMatch(/(^|[\s,}])(:root|html|body)\s*[{,]/)
  })
})
