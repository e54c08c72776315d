import type { SsoTestResultResponse } from '@shared/schemas/sso';

/**
 * How the test's popup tells the Single sign-on tab what came back: a BroadcastChannel, which only
 * pages of this site's own origin share. Not window.opener: the site's Cross-Origin-Opener-Policy
 * (same-origin) severs the popup from its opener once it has been to the identity provider.
 */
const CHANNEL = 'growthwise:sso-test-result';
const TYPE = 'sso-test-result';

interface SsoTestMessage {
  type: typeof TYPE;
  result: SsoTestResultResponse;
}

export function announceTestResult(result: SsoTestResultResponse) {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: TYPE, result } satisfies SsoTestMessage);
  channel.close();
}

/** Calls `onResult` with each result a test's popup announces, until the returned function is called. */
export function onTestResult(onResult: (result: SsoTestResultResponse) => void): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const data = event.data as Partial<SsoTestMessage> | null;
    if (data?.type === TYPE && data.result) onResult(data.result);
  };
  return () => channel.close();
}

/** The toast the tab shows. */
export const testToast = (result: SsoTestResultResponse) =>
  result.outcome === 'passed'
    ? {
        title: 'Connection test passed',
        description: result.domainVerified
          ? 'Your identity provider signed you in and sent the claims below.'
          : 'Your identity provider answered, but the email is not at one of your verified domains.',
      }
    : {
        title: 'Connection test failed',
        description: 'Your identity provider’s answer was refused. The reason is shown below.',
        variant: 'destructive' as const,
      };
