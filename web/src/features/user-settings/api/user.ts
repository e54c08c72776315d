import * as userEndpoints from '@shared/contract/user';
import type { UserResponse } from '@shared/schemas/auth';
import type { ChangePasswordRequest, ProfileRequest } from '@shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userQueries } from '../../../lib/current-user';

/**
 * Writes a change of the signed-in user into the ['user','current'] cache, so the top bar, the
 * avatar menu and its initials show it at once (queries never go stale on their own).
 */
function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return (changes: Partial<UserResponse>) =>
    queryClient.setQueryData(userQueries.current().queryKey, (user) => (user ? { ...user, ...changes } : user));
}

/** PATCH /api/user/profile: the full name. */
export function useUpdateProfile() {
  const updateCurrentUser = useUpdateCurrentUser();
  return useMutation({
    mutationFn: (body: ProfileRequest) => call(userEndpoints.updateProfile, { body }),
    onSuccess: (user) => updateCurrentUser({ fullName: user.fullName }),
  });
}

/** POST /api/user/avatar with the (already shrunk) image as a data URL. */
export function useUploadAvatar() {
  const updateCurrentUser = useUpdateCurrentUser();
  return useMutation({
    mutationFn: (avatarUrl: string) => call(userEndpoints.uploadAvatar, { body: { avatarUrl } }),
    onSuccess: ({ avatarUrl }) => updateCurrentUser({ avatarUrl }),
  });
}

/** POST /api/user/change-password (the confirmation stays in the form). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(userEndpoints.changePassword, { body }),
  });
}
