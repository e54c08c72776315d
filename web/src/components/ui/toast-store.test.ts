import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from './toast-store';

describe('toast store', () => {
  afterEach(() => {
    for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
  });

  it('shows only one toast at a time: a new one replaces the current one', () => {
    toast({ title: 'Login successful' });
    toast({ title: 'Logout failed', description: '500: boom', variant: 'destructive' });
    const shown = toastStore.getSnapshot();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Logout failed', description: '500: boom', variant: 'destructive' });
  });

  it('uses the default variant unless told otherwise', () => {
    toast({ title: 'Project created' });
    expect(toastStore.getSnapshot()[0]?.variant).toBe('default');
  });

  it('dismisses a toast by id and tells its subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = toastStore.subscribe(listener);
    const id = toast({ title: 'Profile updated' });
    toastStore.dismiss(id);
    expect(toastStore.getSnapshot()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('ignores the dismissal of a toast that was already replaced', () => {
    const first = toast({ title: 'Project created' });
    toast({ title: 'Project updated' });
    toastStore.dismiss(first);
    expect(toastStore.getSnapshot().map((item) => item.title)).toEqual(['Project updated']);
  });
});
