import * as z from 'zod/mini';
import { mailToken } from './fields';

/** POST /api/email-verification/confirm. */
export const emailVerificationConfirmRequest = /* @__PURE__ */ (() => z.object({ token: mailToken() }))();
