import * as mailSubscriptionEndpoints from '@shared/contract/mail-subscriptions';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Turns off the mail list the link names (the same route a mail provider's one-click button POSTs to). */
export const useUnsubscribe = (token: string) =>
  useMutation({ mutationFn: () => call(mailSubscriptionEndpoints.unsubscribe, { query: { token } }) });

/** Turns the list back on, by the same link. */
export const useResubscribe = (token: string) =>
  useMutation({ mutationFn: () => call(mailSubscriptionEndpoints.resubscribe, { body: { token } }) });
