import * as mailSubscriptionEndpoints from '../../../shared/contract/mail-subscriptions';
import { INVALID_LINK } from '../../../shared/messages';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { ok } from '../../http/response';
import { setListByLink } from '../../mail-subscriptions/subscriptions';

/** POST /api/mail-subscriptions/unsubscribe?token=…: RFC 8058's one-click POST and the unsubscribe page alike. */
export const handler = defineRoute(mailSubscriptionEndpoints.unsubscribe, async ({ query }) => {
  const changed = await setListByLink(query.token, false);
  if (!changed) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  return ok(changed);
});
