import * as z from 'zod/mini';
import { MAIL_LISTS } from '../mail-lists';
import { INVALID_LINK } from '../messages';

/** An unsubscribe link's token: its signed claims travel in it (about 190 characters), so it is longer than a stored token's. */
const unsubscribeToken = () => z.string().check(z.minLength(1, INVALID_LINK), z.maxLength(512, INVALID_LINK));

/** The signed link's token, in the query string (the one-click POST of RFC 8058 sends no JSON). */
export const unsubscribeQuery = /* @__PURE__ */ (() => z.object({ token: unsubscribeToken() }))();

/** POST /api/mail-subscriptions/resubscribe. */
export const resubscribeRequest = /* @__PURE__ */ (() => z.object({ token: unsubscribeToken() }))();

/** Which list the link is about, and whether its owner now gets it. */
export const mailSubscriptionResponse = /* @__PURE__ */ (() => z.object({ list: z.enum(MAIL_LISTS), subscribed: z.boolean() }))();
