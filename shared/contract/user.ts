import { userResponse } from '../schemas/auth';
import { messageResponse } from '../schemas/message';
import { avatarRequest, avatarResponse, changePasswordRequest, profileRequest } from '../schemas/user';
import { endpoint } from './endpoint';

// The signed-in user's own settings (spec section 5).

export const uploadAvatar = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/avatar',
  auth: 'required',
  body: avatarRequest,
  response: avatarResponse,
});
export const updateProfile = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/user/profile',
  auth: 'required',
  body: profileRequest,
  response: userResponse,
});
export const changePassword = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/change-password',
  auth: 'required',
  body: changePasswordRequest,
  response: messageResponse,
});
