import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { usePageTitle } from '../../../lib/page-title';
import { ssoQueries } from '../api/sso';
import { SsoTestResultView } from '../components/sso-test-result-view';
import { announceTestResult } from '../lib/sso-test-message';

/**
 * /sso/test-result: where the 'Test connection' popup lands after the identity provider. Shows what
 * came back (for the session that started the test only) and tells the Single sign-on tab.
 */
export function SsoTestResultPage() {
  usePageTitle('Connection test');
  const result = useQuery(ssoQueries.testResult());
  useEffect(() => {
    if (result.data) announceTestResult(result.data);
  }, [result.data]);
  return (
    <main className="mx-auto grid min-h-screen max-w-lg items-center p-4">
      <Card className="w-full">
        <CardHeader>
          <CardTitle as="h1">Connection test</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <QueryState
            query={result}
            loading="Loading the test result"
            error="There is no connection test result here. Start one with Test connection on the Single sign-on tab."
            retry="Try again"
          >
            {(data) => <SsoTestResultView result={data} />}
          </QueryState>
          <div>
            <Button variant="secondary" onClick={() => window.close()}>
              Close window
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
