import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Vitest runs from the project's root.
const root = process.cwd()

function filesUnder(folder: string, ending: RegExp): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => ending.test(name))
    .map((name) => join(folder, name))
}

/** SVG text is drawn with the visitor's fonts: a box where a glyph is missing, a wrong width. */
const SVG_TEXT = /<(text|tspan|textPath)[\s>/]/

describe('illustrations draw no text with the visitor’s fonts', () => {
  it('public/ holds no SVG with a <text> element', () => {
    const svgs = filesUnder('public', /\.svg$/i)
    expect(svgs.length).toBeGreaterThan(0)
    const withText = svgs.filter((file) => SVG_TEXT.test(readFileSync(join(root, file), 'utf8')))
    expect(withText).toEqual([])
  })

  it('no inline SVG component has a <text> element', () => {
    const components = filesUnder('src', /\.tsx$/).filter((file) =>
      readFileSync(join(root, file), 'utf8').includes('<svg'),
    )
    expect(components.map((file) => relative('src', file))).toContain(
      join('features', 'home', 'components', 'hero-art.tsx'),
    )
    const withText = components.filter((file) =>
      SVG_TEXT.test(readFileSync(join(root, file), 'utf8')),
    )
    expect(withText).toEqual([])
  })
})
