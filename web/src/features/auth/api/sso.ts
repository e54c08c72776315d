import * as ssoEndpoints from '@shared/contract/sso';
import type { SsoStartRequest } from '@shared/schemas/sso';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /api/sso/start: where the work email signs in (and, after, the page the person was going to); the browser then goes there. */
export const useStartSso = () => useMutation({ mutationFn: (body: SsoStartRequest) => call(ssoEndpoints.start, { body }) });
