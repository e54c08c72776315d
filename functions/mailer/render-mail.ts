import type { Mail, RenderedMail } from './mail';
import { invitationMail } from './templates/invitation';
import { emailVerificationMail } from './templates/email-verification';
import { paymentFailedMail } from './templates/payment-failed';
import { passwordChangedMail } from './templates/password-changed';
import { passwordResetMail } from './templates/password-reset';
import { trialEndingMail } from './templates/trial-ending';
import { welcomeMail } from './templates/welcome';
import { mfaDisabledMail, mfaEnabledMail, mfaRecoveryCodeUsedMail, mfaResetMail } from './templates/two-factor';

/** The template of each mail, chosen by its name (the switch is exhaustive over Mail). */
export function renderOutboxMail(mail: Mail, to: string, siteUrl: string): RenderedMail {
  switch (mail.template) {
    case 'password-reset':
      return passwordResetMail(mail.data, to, siteUrl);
    case 'password-changed':
      return passwordChangedMail(mail.data, to, siteUrl);
    case 'email-verification':
      return emailVerificationMail(mail.data, to, siteUrl);
    case 'welcome':
      return welcomeMail(mail.data, to, siteUrl);
    case 'invitation':
      return invitationMail(mail.data, to, siteUrl);
    case 'payment-failed':
      return paymentFailedMail(mail.data, to, siteUrl);
    case 'trial-ending':
      return trialEndingMail(mail.data, to, siteUrl);
    case 'mfa-enabled':
      return mfaEnabledMail(mail.data, to, siteUrl);
    case 'mfa-disabled':
      return mfaDisabledMail(mail.data, to, siteUrl);
    case 'mfa-recovery-code-used':
      return mfaRecoveryCodeUsedMail(mail.data, to, siteUrl);
    case 'mfa-reset':
      return mfaResetMail(mail.data, to, siteUrl);
  }
}
