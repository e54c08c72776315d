import type { SsoTestResultResponse } from '@shared/schemas/sso';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useStartConnectionTest } from '../api/sso';
import { onTestResult, testToast } from '../lib/sso-test-message';
import { SsoTestResultView } from './sso-test-result-view';

export const POPUP_BLOCKED = 'Allow pop-ups for this site to test the connection.';

/**
 * 'Test connection': a sign-in at the identity provider in a popup that signs nobody in; the popup's
 * result page tells this tab what came back. The popup is opened by the click itself (blank, then sent
 * to the identity provider), which is what popup blockers let through.
 */
export function ConnectionTest() {
  const start = useStartConnectionTest();
  const [blocked, setBlocked] = useState(false);
  const [result, setResult] = useState<SsoTestResultResponse>();

  useEffect(
    () =>
      onTestResult((received) => {
        setResult(received);
        toast(testToast(received));
      }),
    [],
  );

  const test = () => {
    const popup = window.open('about:blank', 'growthwise-sso-test', 'popup,width=520,height=700');
    setBlocked(!popup);
    if (!popup) return;
    setResult(undefined);
    start.mutate(undefined, {
      onSuccess: ({ redirectUrl }) => popup.location.assign(redirectUrl),
      onError: (error) => {
        popup.close();
        toast({ title: 'Failed to start the connection test', description: error.message, variant: 'destructive' });
      },
    });
  };

  return (
    <div className="grid gap-3 border-t border-line pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={test} disabled={start.isPending}>
          {start.isPending ? 'Starting test...' : 'Test connection'}
        </Button>
        <p className="text-sm text-muted">
          Signs in at your identity provider in a new window and shows what it sends. Nobody is signed in here.
        </p>
      </div>
      {blocked && (
        <p role="alert" className="text-sm text-danger">
          {POPUP_BLOCKED}
        </p>
      )}
      {result && <SsoTestResultView result={result} />}
    </div>
  );
}
