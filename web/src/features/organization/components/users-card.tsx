import { ROLE_LABELS } from '@shared/roles';
import type { OrganizationUserResponse } from '@shared/schemas/organization-users';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Mail, Pencil, Search, ShieldOff, Trash2, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { organizationUserQueries } from '../../../lib/api/organization-users';
import { INVITE_PARAM } from '../../../lib/invite-link';
import { withParam, withoutParam } from '../../../lib/search-params';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { InviteUserDialog } from './invite-user-dialog';
import { PendingInvitations } from './pending-invitations';
import { RemoveUserDialog } from './remove-user-dialog';
import { ResetMfaDialog } from './reset-mfa-dialog';
import { UserCards } from './user-cards';
import { UserDialog } from './user-dialog';
import { UserRoleSelect } from './user-role-select';

type DialogState =
  | { kind: 'closed' }
  | { kind: 'add' }
  | { kind: 'invite' }
  | { kind: 'edit'; user: OrganizationUserResponse }
  | { kind: 'remove'; user: OrganizationUserResponse }
  | { kind: 'reset-mfa'; user: OrganizationUserResponse };

/** The server is asked once typing pauses. */
const SEARCH_DELAY_MS = 300;
const SEARCH_PARAM = 'q';

const countLabel = (count: number) => `${count} ${count === 1 ? 'User' : 'Users'}`;

/** The admins' user management: count, Add User and Invite User, the table with Edit, Reset two-factor and Remove, and pending invitations. */
export function UsersCard({ currentUserId }: { currentUserId: string }) {
  // The search lives in the address (?q=), so the palette can open the tab searched for a person.
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM) ?? '';
  const setSearch = (text: string) => setSearchParams(withParam(SEARCH_PARAM, text), { replace: true });
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const users = useInfiniteQuery(organizationUserQueries.pages(q));
  const loaded = users.data?.pages.flatMap((page) => page.items);
  // The organization's count: the unsearched list's total (the same query when nothing is typed).
  const everyone = useInfiniteQuery(organizationUserQueries.pages(''));
  const total = everyone.data
    ? (everyone.data.pages[0]?.total ?? everyone.data.pages.flatMap((page) => page.items).length)
    : undefined;
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const close = () => setDialog({ kind: 'closed' });
  // ?invite=1 (the sidebar's 'Invite people') holds Invite User open; closing it takes the parameter out.
  const askedToInvite = searchParams.has(INVITE_PARAM);
  const closeInvite = () => {
    close();
    if (askedToInvite) setSearchParams(withoutParam(INVITE_PARAM), { replace: true });
  };
  const addUserButton = useRef<HTMLButtonElement>(null);
  // Focus after a removal: the next user's (or the previous one's) first action, else Add User.
  const neighbours = useRef<string[]>([]);
  const startRemove = (user: OrganizationUserResponse) => {
    const list = loaded ?? [];
    const index = list.findIndex((item) => item.id === user.id);
    neighbours.current = [list[index + 1]?.id, list[index - 1]?.id].filter((id): id is string => id !== undefined);
    setDialog({ kind: 'remove', user });
  };
  const focusAfterRemove = () =>
    neighbours.current.map(firstVisibleAction).find((element) => element !== null) ?? addUserButton.current;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <CardTitle>Users</CardTitle>
          {total !== undefined ? <Badge tone="brand">{countLabel(total)}</Badge> : null}
        </div>
        <span className="inline-flex flex-wrap gap-2">
          {/* Inviting is the way we lead with: the invitee proves the address and chooses the password. */}
          <Button size="sm" onClick={() => setDialog({ kind: 'invite' })}>
            <Mail aria-hidden />
            Invite User
          </Button>
          <Button ref={addUserButton} size="sm" variant="outline" onClick={() => setDialog({ kind: 'add' })}>
            <UserPlus aria-hidden />
            Add User
          </Button>
        </span>
      </CardHeader>
      <CardContent>
        <div className="relative mb-4 max-w-sm">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search users..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <QueryState query={users} loading="Loading users" error="There was an error loading users. Please try again.">
          {(data) => {
            const rows = data.pages.flatMap((page) => page.items);
            return (
              <>
                <UserCards
                  users={rows}
                  currentUserId={currentUserId}
                  onEdit={(user) => setDialog({ kind: 'edit', user })}
                  onRemove={startRemove}
                  onResetMfa={(user) => setDialog({ kind: 'reset-mfa', user })}
                />
                <div className="hidden lg:block">
                  <table className="w-full text-left text-sm">
                    <thead className="border-b border-line text-muted">
                      <tr>
                        <th scope="col" className="py-2 pr-3 font-medium">
                          Name
                        </th>
                        <th scope="col" className="py-2 pr-3 font-medium">
                          Email
                        </th>
                        <th scope="col" className="py-2 pr-3 font-medium">
                          Role
                        </th>
                        <th scope="col" className="py-2 pr-3 font-medium">
                          Two-factor
                        </th>
                        <th scope="col" className="py-2 text-right font-medium">
                          Actions
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.length === 0 ? (
                        <tr>
                          <td colSpan={5} className="py-6 text-center text-muted">
                            No users found
                          </td>
                        </tr>
                      ) : (
                        rows.map((user) => (
                          <tr key={user.id} data-user-id={user.id} className="border-b border-line last:border-0">
                            <td className="py-3 pr-3">
                              <span className="flex items-center gap-3">
                                <UserAvatar fullName={user.fullName} avatarUrl={user.avatarUrl} size="sm" />
                                <span className="font-medium wrap-anywhere">{user.fullName}</span>
                              </span>
                            </td>
                            <td className="py-3 pr-3 wrap-anywhere">{user.username}</td>
                            <td className="py-3 pr-3">
                              {user.id === currentUserId ? (
                                <Badge tone={user.currentRole.role === 'admin' ? 'brand' : 'neutral'}>
                                  {ROLE_LABELS[user.currentRole.role]}
                                </Badge>
                              ) : (
                                <UserRoleSelect user={user} />
                              )}
                            </td>
                            <td className="py-3 pr-3">
                              <Badge tone={user.mfaEnabled ? 'brand' : 'neutral'}>{user.mfaEnabled ? 'On' : 'Off'}</Badge>
                            </td>
                            <td className="py-3 text-right">
                              {user.id === currentUserId ? (
                                <span className="text-muted">Current User</span>
                              ) : (
                                <span className="inline-flex gap-2">
                                  <Button
                                    variant="outline"
                                    size="sm"
                                    data-first-action
                                    onClick={() => setDialog({ kind: 'edit', user })}
                                  >
                                    <Pencil aria-hidden />
                                    Edit
                                  </Button>
                                  {user.mfaEnabled ? (
                                    <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'reset-mfa', user })}>
                                      <ShieldOff aria-hidden />
                                      Reset two-factor
                                    </Button>
                                  ) : null}
                                  <Button variant="outline" size="sm" className="text-danger" onClick={() => startRemove(user)}>
                                    <Trash2 aria-hidden />
                                    Remove
                                  </Button>
                                </span>
                              )}
                            </td>
                          </tr>
                        ))
                      )}
                    </tbody>
                  </table>
                </div>
                {users.hasNextPage ? (
                  <div className="mt-3 flex justify-center">
                    <Button variant="outline" onClick={() => users.fetchNextPage()} disabled={users.isFetchingNextPage}>
                      {users.isFetchingNextPage ? 'Loading...' : 'Load more'}
                    </Button>
                  </div>
                ) : null}
                {users.isFetchNextPageError ? (
                  <p role="alert" className="mt-2 text-sm text-danger">
                    There was an error loading more users. Please try again.
                  </p>
                ) : null}
              </>
            );
          }}
        </QueryState>
        <PendingInvitations />
      </CardContent>
      <UserDialog
        open={dialog.kind === 'add' || dialog.kind === 'edit'}
        onOpenChange={(open) => (open ? undefined : close())}
        editing={dialog.kind === 'edit' ? dialog.user : undefined}
      />
      <InviteUserDialog
        open={dialog.kind === 'invite' || askedToInvite}
        onOpenChange={(open) => (open ? undefined : closeInvite())}
      />
      <RemoveUserDialog
        user={dialog.kind === 'remove' ? dialog.user : undefined}
        onClose={close}
        focusAfterRemove={focusAfterRemove}
      />
      <ResetMfaDialog
        user={dialog.kind === 'reset-mfa' ? dialog.user : undefined}
        onClose={close}
        focusAfterReset={firstVisibleAction}
      />
    </Card>
  );
}

/** The shown (table or card) first action of a user, if it is on screen: where focus lands once their Remove or Reset two-factor button is gone. */
function firstVisibleAction(userId: string) {
  const candidates = document.querySelectorAll<HTMLElement>(`[data-user-id="${CSS.escape(userId)}"] [data-first-action]`);
  return [...candidates].find((element) => element.offsetParent !== null) ?? null;
}
