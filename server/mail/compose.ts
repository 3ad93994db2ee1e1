import type { Mail } from './transport'

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A message in plain text and simple HTML from the same words: paragraphs, and at most one link
 * to act on (written out in full in the text part, and as a link in the HTML).
 */
export function composeMail(input: {
  to: string
  subject: string
  paragraphs: string[]
  action?: { label: string; url: string }
  /** A closing line under the action, such as why the message came. */
  footer?: string
}): Mail {
  const { to, subject, paragraphs, action, footer } = input
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...(footer ? [footer] : []),
    '— Coinvera',
  ].join('\n\n')
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#111">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p style="font-size:0.9em;color:#555">Or paste this address into your browser: ${escapeHtml(action.url)}</p>`
      : '',
    footer ? `<p style="font-size:0.9em;color:#555">${escapeHtml(footer)}</p>` : '',
    '<p>— Coinvera</p></body></html>',
  ].join('')
  return { to, subject, text: `${text}\n`, html }
}
