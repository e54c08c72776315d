import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster, toast } from './toast';
import { toastStore } from './toast-store';

/** Shows a toast while the page is being put together: before the Toaster's passive effects have run. */
function SignedInWhileMounting() {
  useLayoutEffect(() => {
    toast({ title: 'Login successful', description: 'Welcome back, Ada Lovelace!' });
  }, []);
  return null;
}

describe('Toaster', () => {
  // The region is fetched with the first toast (a lazy chunk): loaded once here, so no test waits on the import.
  beforeAll(async () => {
    await import('./toast-region');
  });

  afterEach(() => {
    for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
    cleanup();
  });

  it('shows a toast raised before it had subscribed (the passkey sign-in’s welcome)', async () => {
    await act(async () => {
      render(
        <>
          <Toaster />
          <SignedInWhileMounting />
        </>,
      );
    });
    expect(await screen.findByText('Welcome back, Ada Lovelace!')).toBeTruthy();
  });

  it('mounts nothing until a toast is shown, then shows it', async () => {
    render(<Toaster />);
    expect(screen.queryByRole('region')).toBeNull();
    act(() => {
      toast({ title: 'Project created' });
    });
    expect(await screen.findByText('Project created')).toBeTruthy();
  });
});
