import type { Mail, RenderedMail, UnsubscribeLinks } from './mail';
import { dueReminderMail } from './templates/due-reminder';
import { emailVerificationMail } from './templates/email-verification';
import { invitationMail } from './templates/invitation';
import { invitationAttemptMail } from './templates/invitation-attempt';
import { mentionMail } from './templates/mention';
import { passkeyAddedMail, passkeyClonedMail, passkeyRemovedMail } from './templates/passkeys';
import { passwordChangedMail } from './templates/password-changed';
import { passwordResetMail } from './templates/password-reset';
import { passwordResetBySsoMail } from './templates/password-reset-by-sso';
import { paymentFailedMail } from './templates/payment-failed';
import { signInCodeMail } from './templates/sign-in-code';
import { trialEndingMail } from './templates/trial-ending';
import {
  mfaDisabledMail,
  mfaEnabledMail,
  mfaRecoveryCodeUsedMail,
  mfaRecoveryCodesRegeneratedMail,
  mfaRemovedByPasswordResetMail,
  mfaResetMail,
} from './templates/two-factor';
import { webhookDisabledMail } from './templates/webhook-disabled';
import { weeklyDigestMail } from './templates/weekly-digest';
import { welcomeMail } from './templates/welcome';

type Render<M extends Mail> = (data: M['data'], to: string, siteUrl: string, unsubscribe?: UnsubscribeLinks) => RenderedMail;

/** The template of each mail, by its name: one for every member of Mail, each taking that member's data. */
const TEMPLATES: { [M in Mail as M['template']]: Render<M> } = {
  'password-reset': passwordResetMail,
  'password-changed': passwordChangedMail,
  'password-reset-by-sso': passwordResetBySsoMail,
  'email-verification': emailVerificationMail,
  welcome: welcomeMail,
  invitation: invitationMail,
  'invitation-attempt': invitationAttemptMail,
  'sign-in-code': signInCodeMail,
  'payment-failed': paymentFailedMail,
  'trial-ending': trialEndingMail,
  'mfa-enabled': mfaEnabledMail,
  'mfa-disabled': mfaDisabledMail,
  'mfa-recovery-code-used': mfaRecoveryCodeUsedMail,
  'mfa-reset': mfaResetMail,
  'mfa-removed-by-password-reset': mfaRemovedByPasswordResetMail,
  'mfa-recovery-codes-regenerated': mfaRecoveryCodesRegeneratedMail,
  'passkey-added': passkeyAddedMail,
  'passkey-removed': passkeyRemovedMail,
  'passkey-cloned': passkeyClonedMail,
  mention: mentionMail,
  'due-reminder': dueReminderMail,
  'weekly-digest': weeklyDigestMail,
  'webhook-disabled': webhookDisabledMail,
};

/** `unsubscribe`: the links of a list's mail (functions/mailer/unsubscribe-links.ts); account mail has none. */
export function renderOutboxMail(mail: Mail, to: string, siteUrl: string, unsubscribe?: UnsubscribeLinks): RenderedMail {
  // TypeScript cannot tie the looked-up template to the same member's data: the table's type does.
  const render = TEMPLATES[mail.template] as Render<Mail>;
  return render(mail.data, to, siteUrl, unsubscribe);
}
