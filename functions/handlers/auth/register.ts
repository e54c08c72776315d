import { authEndpoints } from '../../../shared/contract/auth';
import { createOrganizationWithAdmin } from '../../db/organizations';
import { toUserResponse } from '../../db/users';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';
import { countMetric } from '../../observability/metrics';
import { hashPassword } from '../../session/passwords';
import { startSession } from '../../session/start-session';

export const handler = defineRoute(authEndpoints.register, async ({ body }) => {
  const { org, user } = await createOrganizationWithAdmin({
    organizationName: body.organizationName,
    plan: body.plan ?? 'professional',
    billingCycle: body.billingCycle ?? 'monthly',
    username: body.username,
    fullName: body.fullName,
    passwordHash: await hashPassword(body.password),
  });
  const cookies = await startSession(user.id, org.id);
  countMetric('Registrations');
  return created(toUserResponse(user, org), { cookies });
});
