import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/** The mails of passkey changes: each names the passkey, says what happened and what to do if it was not you. */

const NOT_YOU =
  'If you did not do this, change your password at once, remove the passkey in your security settings and tell your administrator.';
const reason = (to: string) => `You received this email because the passkeys of the account ${to} changed.`;
const securityLink = (siteUrl: string) => ({
  label: 'Open your security settings',
  url: siteLink(siteUrl, '/user-settings?tab=security'),
});

export function passkeyAddedMail(data: { fullName: string; passkeyName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `A passkey was added to your ${PRODUCT_NAME} account`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `The passkey "${data.passkeyName}" was just added to your account: it can now sign you in without your password.`,
      NOT_YOU,
    ],
    action: securityLink(siteUrl),
    reason: reason(to),
  });
}

export function passkeyRemovedMail(data: { fullName: string; passkeyName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `A passkey was removed from your ${PRODUCT_NAME} account`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `The passkey "${data.passkeyName}" was just removed from your account: it no longer signs you in.`,
      'If you did not do this, change your password at once and tell your administrator.',
    ],
    action: securityLink(siteUrl),
    reason: reason(to),
  });
}

export function passkeyClonedMail(data: { fullName: string; passkeyName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `A copy of your ${PRODUCT_NAME} passkey may exist`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `A sign-in with your passkey "${data.passkeyName}" was refused: its authenticator's use counter went back, which happens when the passkey's key has been copied to another device.`,
      'Remove this passkey in your security settings and add a new one, and change your password.',
    ],
    action: securityLink(siteUrl),
    reason: reason(to),
  });
}
