import type { Mail } from './transport'

export type MailLink = { label: string; url: string }

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A message in plain text and simple HTML from the same words: paragraphs, and the links to act
 * on (written out in full in the text part, and as links in the HTML).
 */
export function composeMail(input: {
  to: string
  subject: string
  paragraphs: string[]
  /** The link to act on; a list when there are more (the first is the main one). */
  action?: MailLink | readonly MailLink[]
  /** A closing line under the action, such as why the message came. */
  footer?: string
}): Mail {
  const { to, subject, paragraphs, footer } = input
  const actions = input.action === undefined ? [] : [input.action].flat()
  const text = [
    ...paragraphs,
    ...actions.map((action) => `${action.label}:\n${action.url}`),
    ...(footer ? [footer] : []),
    '— Coinvera',
  ].join('\n\n')
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#111">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...actions.map(
      (action) =>
        `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p style="font-size:0.9em;color:#555">Or paste this address into your browser: ${escapeHtml(action.url)}</p>`,
    ),
    footer ? `<p style="font-size:0.9em;color:#555">${escapeHtml(footer)}</p>` : '',
    '<p>— Coinvera</p></body></html>',
  ].join('')
  return { to, subject, text: `${text}\n`, html }
}
