import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/** The mails of two-factor changes: each says what happened and what to do if it was not you. */

const NOT_YOU = 'If you did not do this, change your password at once and tell your administrator.';
const reason = (to: string) => `You received this email because the two-factor sign-in of the account ${to} changed.`;
const securityLink = (siteUrl: string) => ({
  label: 'Open your security settings',
  url: siteLink(siteUrl, '/user-settings?tab=security'),
});

export function mfaEnabledMail(data: { fullName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `Two-factor authentication is on for your ${PRODUCT_NAME} account`,
    paragraphs: [
      `Hello ${data.fullName},`,
      'Two-factor authentication was just turned on for your account: signing in now also asks for a code from your authenticator app. Every other signed-in session was ended.',
      'Keep your recovery codes somewhere safe: each one signs you in once if you lose your phone.',
      NOT_YOU,
    ],
    action: securityLink(siteUrl),
    reason: reason(to),
  });
}

export function mfaDisabledMail(data: { fullName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `Two-factor authentication was turned off for your ${PRODUCT_NAME} account`,
    paragraphs: [
      `Hello ${data.fullName},`,
      'Two-factor authentication was just turned off for your account: signing in asks only for your password now. Every other signed-in session was ended.',
      NOT_YOU,
    ],
    action: securityLink(siteUrl),
    reason: reason(to),
  });
}

export function mfaRecoveryCodeUsedMail(
  data: { fullName: string; remaining: number },
  to: string,
  siteUrl: string,
): RenderedMail {
  const left = data.remaining === 1 ? '1 recovery code is left' : `${data.remaining} recovery codes are left`;
  return renderMail({
    subject: `A recovery code was used to sign in to your ${PRODUCT_NAME} account`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `A recovery code was just used to sign in to your account, and every other signed-in session was ended. ${left}.`,
      'If you lost your authenticator app, turn two-factor authentication off and set it up again to get a new secret and new codes.',
      NOT_YOU,
    ],
    action: securityLink(siteUrl),
    reason: reason(to),
  });
}

export function mfaResetMail(data: { fullName: string; resetByName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `Your ${PRODUCT_NAME} two-factor authentication was reset`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `${data.resetByName}, an administrator of your organization, reset your two-factor authentication: your authenticator app and your passkeys no longer sign you in. You were signed out everywhere; set up two-factor authentication again after you sign in.`,
      'If you did not ask for this, tell your administrator.',
    ],
    action: { label: 'Sign in', url: siteLink(siteUrl, '/auth') },
    reason: reason(to),
  });
}

export function mfaRemovedByPasswordResetMail(data: { fullName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `Two-factor authentication was removed from your ${PRODUCT_NAME} account`,
    paragraphs: [
      `Hello ${data.fullName},`,
      'Your password was just reset from the link we emailed you. Two-factor authentication had been turned on for your account in the last 24 hours and no sign-in had used it yet, so we removed it with the reset: if someone else set it up, their authenticator app no longer signs in to your account.',
      'Sign in with your new password, then set up two-factor authentication again with your own authenticator app.',
      'If you did not reset your password, tell your administrator.',
    ],
    action: securityLink(siteUrl),
    reason: reason(to),
  });
}

export function mfaRecoveryCodesRegeneratedMail(data: { fullName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `New recovery codes were made for your ${PRODUCT_NAME} account`,
    paragraphs: [
      `Hello ${data.fullName},`,
      'New two-factor recovery codes were just made for your account. The old ones no longer work.',
      NOT_YOU,
    ],
    action: securityLink(siteUrl),
    reason: reason(to),
  });
}
