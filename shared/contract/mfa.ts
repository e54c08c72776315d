import { messageResponse } from '../schemas/message';
import { mfaDisableRequest, mfaEnableRequest, mfaEnableResponse, mfaSetupResponse } from '../schemas/mfa';
import { endpoint } from './endpoint';

/** The signed-in user's own two-factor sign-in: set it up, turn it on with a code, turn it off. */
export const mfaEndpoints = {
  /** A new secret to add to an authenticator app; nothing changes until a code of it enables two-factor. */
  setup: endpoint({ method: 'POST', path: '/api/user/mfa/setup', auth: 'required', beforeMfaSetup: true, response: mfaSetupResponse }),
  enable: endpoint({ method: 'POST', path: '/api/user/mfa/enable', auth: 'required', beforeMfaSetup: true, body: mfaEnableRequest, response: mfaEnableResponse }),
  disable: endpoint({ method: 'POST', path: '/api/user/mfa/disable', auth: 'required', body: mfaDisableRequest, response: messageResponse }),
};
