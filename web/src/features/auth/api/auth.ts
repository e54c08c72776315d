import * as authEndpoints from '@shared/contract/auth';
import { RETURN_PARAM, safeReturnPath } from '@shared/return-path';
import type { LoginCodeRequest, LoginRequest, RegisterRequest, UserResponse } from '@shared/schemas/auth';
import type { LoginMfaRequest, SecondFactor } from '@shared/schemas/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { call } from '../../../lib/api-client';
import { userQueries } from '../../../lib/current-user';

/** After a login or registration the answer is the user: keep it and go back to the page asked for, or to the dashboard. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (user: UserResponse) => {
    queryClient.setQueryData(userQueries.current().queryKey, user);
    void navigate(safeReturnPath(searchParams.get(RETURN_PARAM)), { replace: true });
  };
}

export const welcomeBack = (user: UserResponse) =>
  toast({ title: 'Login successful', description: `Welcome back, ${user.fullName}!` });
export const loginFailed = (error: Error) => toast({ title: 'Login failed', description: error.message, variant: 'destructive' });

/** What the sign-in asks for next when its answer is not the user yet. */
export type NextProof = 'mfa' | 'email-code';

/** The second factors the password step offers: absent in its answer, the authenticator code alone (docs/decisions/046). */
export const offeredFactors = (answer: { factors?: SecondFactor[] }): SecondFactor[] => answer.factors ?? ['code'];

/**
 * POST /api/login. For an account with two-factor on, or when failed attempts ask for more proof
 * (docs/decisions/040), the answer is not the user yet: `onNextProof` lets the form ask for the code
 * (the spec's toast and redirect follow that step).
 */
export function useLogin(onNextProof: (proof: NextProof, factors?: SecondFactor[]) => void) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginRequest) => call(authEndpoints.login, { body }),
    onSuccess: (answer) => {
      if ('mfaRequired' in answer) onNextProof('mfa', offeredFactors(answer));
      else if ('emailCodeRequired' in answer) onNextProof('email-code');
      else {
        welcomeBack(answer);
        signedIn(answer);
      }
    },
    onError: loginFailed,
  });
}

/** POST /api/login/code: the emailed code; for an account with two-factor on, the app's code is asked next. */
export function useLoginCode(onMfaRequired: (factors: SecondFactor[]) => void) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginCodeRequest) => call(authEndpoints.loginCode, { body }),
    onSuccess: (answer) => {
      if ('mfaRequired' in answer) {
        onMfaRequired(offeredFactors(answer));
        return;
      }
      welcomeBack(answer);
      signedIn(answer);
    },
    onError: loginFailed,
  });
}

/** POST /api/login/mfa: the second step, with a code or a recovery code. */
export function useLoginMfa() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginMfaRequest) => call(authEndpoints.loginMfa, { body }),
    onSuccess: (user) => {
      welcomeBack(user);
      signedIn(user);
    },
    onError: loginFailed,
  });
}

/** POST /api/register: a new organization; plan and billing cycle are fixed (spec section 9). */
export function useRegister() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: Omit<RegisterRequest, 'plan' | 'billingCycle'>) =>
      call(authEndpoints.register, { body: { ...body, plan: 'professional', billingCycle: 'monthly' } }),
    onSuccess: (user) => {
      toast({ title: 'Registration successful', description: `Welcome to Growthwise, ${user.fullName}!` });
      signedIn(user);
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' });
    },
  });
}

/** POST /api/logout, then the home page with the user cleared (spec sections 2 and 4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout),
    onSuccess: async () => {
      // Leave the protected area first: clearing the user there would redirect to /auth instead
      // (the protected layout also checks that it is not being left).
      await navigate('/');
      queryClient.setQueryData(userQueries.current().queryKey, null);
      // Nothing of the previous user's data may show to whoever signs in next in this tab.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueries.all[0] });
      toast({ title: 'Logout successful', description: 'You have been logged out.' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
