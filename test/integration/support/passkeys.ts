import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { passkeyKeys } from '../../../functions/passkeys/keys';
import { type ApiResponse, type SignedIn, request, sessionCookieOf } from './api';
import { SoftwareAuthenticator } from './software-authenticator';
import { testTable } from './table';
import { stepUp } from './two-factor';

/** Adds a passkey as the Passkeys card does: confirm the password, get the options, create, send. Answers the authenticator. */
export async function addPasskey(
  user: SignedIn,
  name = 'Test laptop',
  authenticator = new SoftwareAuthenticator(),
): Promise<SoftwareAuthenticator> {
  await stepUp(user);
  const options = await user.call('/api/user/passkeys/options', { method: 'POST' });
  if (options.status !== 200) throw new Error(`passkey options: ${options.status} ${JSON.stringify(options.body)}`);
  const added = await user.call('/api/user/passkeys', { body: { name, response: authenticator.create(options.body) } });
  if (added.status !== 201) throw new Error(`add passkey: ${added.status} ${JSON.stringify(added.body)}`);
  return authenticator;
}

/** The sign-in options of the /auth page's 'Sign in with a passkey'. */
export async function signInOptions() {
  const options = await request('/api/login/passkey/options', { method: 'POST' });
  if (options.status !== 200) throw new Error(`sign-in options: ${options.status} ${JSON.stringify(options.body)}`);
  return options.body;
}

/** A passwordless sign-in's answer, sent. */
export const sendSignIn = (response: unknown): Promise<ApiResponse> => request('/api/login/passkey', { body: { response } });

/** Signs in with the authenticator's newest passkey; answers the signed-in user as login() does. */
export async function signInWithPasskey(authenticator: SoftwareAuthenticator, password = ''): Promise<SignedIn> {
  const answer = await sendSignIn(authenticator.get(await signInOptions()));
  if (answer.status !== 200) throw new Error(`passkey sign-in: ${answer.status} ${JSON.stringify(answer.body)}`);
  const cookie = sessionCookieOf(answer);
  return {
    cookie,
    user: answer.body,
    email: answer.body.username,
    password,
    orgId: answer.body.roles[0].organization.id,
    call: (path, options = {}) => request(path, { ...options, cookie }),
  };
}

/** The passkey item as stored (read consistently), to show what a refused answer left unchanged. */
export async function storedPasskey(user: SignedIn, credentialId: string) {
  const { db, tableName } = testTable();
  return (
    await db.send(
      new GetCommand({ TableName: tableName, Key: passkeyKeys.passkey(user.user.id, credentialId), ConsistentRead: true }),
    )
  ).Item;
}
