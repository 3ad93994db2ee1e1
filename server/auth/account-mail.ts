import { composeMail } from '../mail/compose'
import type { Mail } from '../mail/transport'

// The messages about an account. Every link is built from SITE_URL, never from a request's Host,
// so a forged Host header cannot make us mail a link to someone else's site.

export function passwordResetMail(to: string, siteUrl: string, token: string): Mail {
  return composeMail({
    to,
    subject: 'Reset your Coinvera password',
    paragraphs: [
      'Someone, hopefully you, asked to reset the password of the Coinvera account for this email address.',
      'The link below works once, for 30 minutes.',
    ],
    action: { label: 'Choose a new password', url: `${siteUrl}/reset-password?token=${token}` },
    footer: 'If you did not ask for this, ignore this message: your password stays as it is.',
  })
}

export function passwordChangedMail(to: string, siteUrl: string, at: Date): Mail {
  return composeMail({
    to,
    subject: 'Your Coinvera password was changed',
    paragraphs: [
      `Your password was changed on ${at.toUTCString()}.`,
      'Every other session of your account was signed out.',
      'If this was not you, choose a new password at once with the link below, and check the email account this message came to.',
    ],
    action: { label: 'Reset your password', url: `${siteUrl}/forgot-password` },
  })
}

export function verifyEmailMail(to: string, siteUrl: string, token: string): Mail {
  return composeMail({
    to,
    subject: 'Confirm your email address for Coinvera',
    paragraphs: [
      'Confirm that this is your email address, so Coinvera can send you what you ask for.',
      'The link below works once, for 24 hours.',
    ],
    action: { label: 'Confirm your email address', url: `${siteUrl}/verify-email?token=${token}` },
    footer: 'If you did not sign up for Coinvera, ignore this message.',
  })
}

export function confirmNewEmailMail(to: string, siteUrl: string, token: string): Mail {
  return composeMail({
    to,
    subject: 'Confirm your new email address for Coinvera',
    paragraphs: [
      'Someone, hopefully you, asked to use this email address for their Coinvera account.',
      'The address changes only when you confirm it with the link below, which works once, for 24 hours.',
    ],
    action: { label: 'Confirm your new address', url: `${siteUrl}/verify-email?token=${token}` },
    footer: 'If you did not ask for this, ignore this message: no account will use this address.',
  })
}

// Sent to the address that was replaced; it does not name the new one, which only its owner needs.
export function emailChangedMail(to: string, siteUrl: string, at: Date): Mail {
  return composeMail({
    to,
    subject: 'Your Coinvera email address was changed',
    paragraphs: [
      `The email address of your Coinvera account was changed on ${at.toUTCString()}, and confirmed at the new address.`,
      'This address gets no more messages about the account, and cannot be used to sign in.',
      'If this was not you, tell us at once through the contact page.',
    ],
    action: { label: 'Contact Coinvera', url: `${siteUrl}/contact` },
  })
}
