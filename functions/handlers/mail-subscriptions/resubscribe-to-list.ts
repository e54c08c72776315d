import * as mailSubscriptionEndpoints from '../../../shared/contract/mail-subscriptions';
import { INVALID_LINK } from '../../../shared/messages';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { ok } from '../../http/response';
import { setListByLink } from '../../mail-subscriptions/subscriptions';

/** POST /api/mail-subscriptions/resubscribe: the unsubscribe page's 'turn back on', by the same link. */
export const handler = defineRoute(mailSubscriptionEndpoints.resubscribe, async ({ body }) => {
  const changed = await setListByLink(body.token, true);
  if (!changed) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  return ok(changed);
});
