import { zodResolver } from '@hookform/resolvers/zod';
import { type StepUpPasswordForm, stepUpPasswordForm } from '@shared/schemas/sessions';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { passkeyQueries } from '../../../lib/api/passkeys';
import { ApiError } from '../../../lib/api-client';
import { passkeyErrorMessage } from '../../../lib/passkey-errors';
import { stepUpStore } from '../../../lib/step-up';
import { useStepUp, useStepUpWithPasskey } from '../api/sessions';

/**
 * 'Confirm it's you': shown when a security change (two-factor setup, signing out every other
 * session) needs the password confirmed on this session, or, for someone with a passkey, the
 * passkey instead (docs/decisions/056); once it is, the change goes through.
 * Mounted once: in the signed-in layout (app/layouts/protected-layout.tsx) and on the required-setup screen.
 */
export function StepUpDialog() {
  const pending = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.getSnapshot);
  return (
    <Dialog open={pending !== undefined} onOpenChange={(open) => (open ? undefined : stepUpStore.cancel())}>
      {pending ? (
        <DialogContent
          // It opens on a refused request, not on a trigger: focus goes back to what asked for the change.
          returnFocus={() => (pending.returnFocus?.isConnected ? pending.returnFocus : null)}
          title="Confirm it's you"
          description="For your security, enter your password to continue. You will not be asked again for the next 5 minutes."
        >
          <StepUpForm />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function StepUpForm() {
  const stepUp = useStepUp();
  const form = useForm<StepUpPasswordForm>({ resolver: zodResolver(stepUpPasswordForm), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ password }) =>
    stepUp.mutate(password, {
      onSuccess: () => stepUpStore.confirm(),
      onError: (error) => {
        const message = error instanceof ApiError ? (error.fieldErrors?.password ?? error.message) : error.message;
        form.setError('password', { message }, { shouldFocus: true });
      },
    }),
  );
  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit}>
      <FormField label="Password" htmlFor="step-up-password" error={errors.password?.message}>
        <Input id="step-up-password" type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
      </FormField>
      <PasskeyInstead />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => stepUpStore.cancel()}>
          Cancel
        </Button>
        <Button type="submit" disabled={stepUp.isPending}>
          {stepUp.isPending ? 'Confirming...' : 'Confirm'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Use a passkey instead', for someone who has one: the browser's passkey dialog confirms it's them. */
function PasskeyInstead() {
  const passkeys = useQuery(passkeyQueries.list());
  const stepUp = useStepUpWithPasskey();
  if (!passkeys.data?.length) return null;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        disabled={stepUp.isPending}
        onClick={() => stepUp.mutate(undefined, { onSuccess: () => stepUpStore.confirm() })}
      >
        <KeyRound className="size-4" aria-hidden />
        {stepUp.isPending ? 'Waiting for your passkey...' : 'Use a passkey instead'}
      </Button>
      {stepUp.error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {passkeyErrorMessage(stepUp.error)}
        </p>
      ) : null}
    </div>
  );
}
