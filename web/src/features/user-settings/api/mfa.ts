import { useMutation } from '@tanstack/react-query';
import * as mfaEndpoints from '@shared/contract/mfa';
import type { MfaDisableRequest } from '@shared/schemas/mfa';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

/** After a change of two-factor the user (mfaEnabled, mfaSetupRequired) and the session list (others ended) are read again. */
export const useRefreshAfterChange = () => useInvalidate(queryKeys.user, queryKeys.sessions);

/** A new secret to scan; nothing changes on the account until a code of it is entered. */
export const useStartMfaSetup = () => useMutation({ mutationFn: () => call(mfaEndpoints.setup) });

/** Turns two-factor on; answers the recovery codes (shown once). The user is refreshed when the codes are put away. */
export const useEnableMfa = () =>
  useMutation({ mutationFn: (code: string) => call(mfaEndpoints.enable, { body: { code } }) });

export function useDisableMfa() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: (body: MfaDisableRequest) => call(mfaEndpoints.disable, { body }), onSuccess: refresh });
}

