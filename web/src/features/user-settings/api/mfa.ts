import * as mfaEndpoints from '@shared/contract/mfa';
import type { MfaDisableRequest } from '@shared/schemas/mfa';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withStepUp } from '../../../lib/step-up';
import { useInvalidate } from '../../../lib/use-invalidate';

/** After a change of two-factor the user (mfaEnabled, mfaSetupRequired) and the session list (others ended) are read again. */
export const useRefreshAfterChange = () => useInvalidate(queryKeys.user, queryKeys.sessions);

/** A new secret to scan; nothing changes on the account until a code of it is entered. A security change: the password is confirmed first when the session has not lately. */
export const useStartMfaSetup = () => useMutation({ mutationFn: () => withStepUp(() => call(mfaEndpoints.setup)) });

/** Turns two-factor on; answers the recovery codes (shown once). The user is refreshed when the codes are put away. Asks to confirm the password again when the setup took more than 5 minutes. */
export const useEnableMfa = () =>
  useMutation({ mutationFn: (code: string) => withStepUp(() => call(mfaEndpoints.enable, { body: { code } })) });

/** New recovery codes in place of the old ones, shown once: a security change, confirmed with the password first when the session has not lately. */
export const useRegenerateRecoveryCodes = () =>
  useMutation({ mutationFn: () => withStepUp(() => call(mfaEndpoints.regenerateRecoveryCodes)) });

export function useDisableMfa() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: (body: MfaDisableRequest) => call(mfaEndpoints.disable, { body }), onSuccess: refresh });
}
