import * as z from 'zod/mini';
import { email, text } from './fields';

/**
 * What a SCIM create or replace's person is held to, past SCIM's own structure (checked by
 * functions/scim/scim-user.ts): the userName is the sign-in email, the name a full name as every form takes it.
 */
export const scimUserFields = /* @__PURE__ */ (() =>
  z.object({ userName: email('userName must be an email address'), fullName: text(1, 'name must not be empty', 'name') }))();
