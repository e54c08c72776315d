import * as authEndpoints from '../../../shared/contract/auth';
import { deviceCookie, readDevice } from '../../auth/device-cookie';
import { createOrganizationWithAdmin } from '../../auth/registration';
import { browserOf } from '../../http/browser';
import { defineRoute } from '../../http/define-route';
import { tooManyRequests } from '../../http/http-error';
import { created } from '../../http/response';
import { countMetric } from '../../observability/metrics';
import { refuseWeakPassword } from '../../security/password-strength';
import { hashPassword } from '../../security/passwords';
import { startSession } from '../../sessions/start-session';
import { REGISTRATIONS_PER_ADDRESS, TOO_MANY_REGISTRATIONS } from '../../throttles/rules';
import { countAttempt, readThrottle, retryAfterSeconds, throttleCounter } from '../../throttles/throttles';
import { toUserResponse } from '../../user/item';

export const handler = defineRoute(authEndpoints.register, async ({ body, clientIp, event }) => {
  refuseWeakPassword(body.password, 'password', {
    email: body.username,
    fullName: body.fullName,
    organizationName: body.organizationName,
  });
  const registrations = throttleCounter(REGISTRATIONS_PER_ADDRESS, clientIp);
  // Counted before the work, so a burst is refused without creating anything (the count includes this one).
  const [current, { previous }] = await Promise.all([countAttempt(registrations), readThrottle(registrations)]);
  const retryAfter = retryAfterSeconds(registrations, { current: current - 1, previous });
  if (retryAfter !== undefined) throw tooManyRequests(TOO_MANY_REGISTRATIONS, retryAfter);

  const { org, user } = await createOrganizationWithAdmin({
    organizationName: body.organizationName,
    plan: body.plan ?? 'professional',
    billingCycle: body.billingCycle ?? 'monthly',
    username: body.username,
    fullName: body.fullName,
    passwordHash: await hashPassword(body.password),
  });
  const cookies = await startSession(user.id, org.id, browserOf(event));
  countMetric('Registrations');
  // The registering browser is the account's first known device (docs/decisions/040).
  return created(toUserResponse(user, org), {
    cookies: [...cookies, await deviceCookie(await readDevice(event.cookies), user.id)],
  });
});
