import type { DeferredMailResolvers } from '../../mailer/mail';
import { resolvePasswordResetRequest } from '../../password-reset/writes';

/** How the mailer and its sweeper resolve each deferred mail (docs/decisions/098): both entry points send them alike. */
export const deferredMailResolvers: DeferredMailResolvers = {
  'password-reset-request': resolvePasswordResetRequest,
};
