import {
  emailVerificationConfirmRequest,
  messageResponse,
  passwordResetConfirmRequest,
  passwordResetRequest,
} from '../schemas/mail-links';
import { endpoint } from './endpoint';

/** Password reset and email verification: the routes behind the links that arrive by mail. */
export const passwordResetEndpoints = {
  request: endpoint({ method: 'POST', path: '/api/password-reset/request', auth: 'none', body: passwordResetRequest, response: messageResponse }),
  confirm: endpoint({ method: 'POST', path: '/api/password-reset/confirm', auth: 'none', body: passwordResetConfirmRequest, response: messageResponse }),
};

export const emailVerificationEndpoints = {
  /** A new link for the signed-in user (throttled). */
  resend: endpoint({ method: 'POST', path: '/api/email-verification/resend', auth: 'required', response: messageResponse }),
  /** Works signed in or out: the token alone says whose address it verifies. */
  confirm: endpoint({ method: 'POST', path: '/api/email-verification/confirm', auth: 'none', body: emailVerificationConfirmRequest, response: messageResponse }),
};
