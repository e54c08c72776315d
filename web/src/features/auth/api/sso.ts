import { useMutation } from '@tanstack/react-query';
import * as ssoEndpoints from '@shared/contract/sso';
import { call } from '../../../lib/api-client';

/** POST /api/sso/start: where the work email signs in; the browser then goes there. */
export const useStartSso = () => useMutation({ mutationFn: (email: string) => call(ssoEndpoints.start, { body: { email } }) });
