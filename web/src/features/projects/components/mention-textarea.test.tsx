import * as organizationUserEndpoints from '@shared/contract/organization-users';
import type { OrganizationUserResponse } from '@shared/schemas/organization-users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MentionTextarea } from './mention-textarea';

const GRACE: OrganizationUserResponse = {
  id: '01JQ0000000000000000000003',
  username: 'grace@example.com',
  fullName: 'Grace Hopper',
  avatarUrl: null,
  currentRole: { role: 'staff' },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderField() {
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== organizationUserEndpoints.people.path) return new Promise(() => {});
    return new Response(JSON.stringify([GRACE]), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-total-count': '1' },
    });
  });
  function Harness() {
    const [value, setValue] = useState('');
    return <MentionTextarea aria-label="Add a comment" value={value} onChange={setValue} onMention={() => undefined} />;
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness />
    </QueryClientProvider>,
  );
  return screen.getByLabelText('Add a comment');
}

describe('the comment field’s mention picker', () => {
  it('keeps what is typed right after a picked name in order, whenever the next frame comes', async () => {
    const user = userEvent.setup({ delay: null });
    const field = renderField();
    await user.type(field, 'Please review the copy, @Gra');
    await screen.findByRole('option', { name: /Grace Hopper/ });
    await user.keyboard('{Enter}');
    // Typed before the browser draws its next frame, then more after it.
    await user.keyboard('thank');
    await new Promise((resolve) => setTimeout(resolve, 60));
    await user.keyboard('s');
    expect(field).toHaveValue('Please review the copy, @Grace Hopper thanks');
  });
});
