import * as passkeyEndpoints from '@shared/contract/passkeys';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { passkeyQueries } from '../../../lib/api/passkeys';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withStepUp } from '../../../lib/step-up';
import { useInvalidate } from '../../../lib/use-invalidate';

/** After a passkey is added or removed: the list, and the user (a passkey meets a required two-factor setup). */
const useRefreshAfterPasskeyChange = () => useInvalidate(passkeyQueries.all, queryKeys.user);

/**
 * Adds a passkey: the creation options (a security change, so the password is confirmed first when
 * the session has not lately), the browser's own passkey dialog, then the answer with its name.
 */
export function useAddPasskey() {
  const refresh = useRefreshAfterPasskeyChange();
  // Said here, not at the call: the user read again may end the required-setup screen that made the
  // call, and a call's own callbacks do not run once its component is gone.
  const added = (passkey: { name: string }) =>
    toast({ title: 'Passkey added', description: `${passkey.name} can now sign you in.` });
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await withStepUp(() => call(passkeyEndpoints.registrationOptions));
      const response = await startRegistration({ optionsJSON: options });
      return withStepUp(() => call(passkeyEndpoints.add, { body: { name, response } }));
    },
    onSuccess: (passkey) => {
      added(passkey);
      return refresh();
    },
  });
}

/** Removes one of the caller's passkeys: a security change, confirmed with the password first when the session has not lately. */
export function useRemovePasskey() {
  const refresh = useRefreshAfterPasskeyChange();
  return useMutation({
    mutationFn: (id: string) => withStepUp(() => call(passkeyEndpoints.remove, { params: { id } })),
    onSuccess: refresh,
  });
}
