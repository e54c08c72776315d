import { randomUUID } from 'node:crypto';
import { now as clockNow } from '../clock';
import { cookieValue } from '../security/cookie';
import { signStageToken, verifyStageToken } from '../security/stage-token';

/**
 * The known-device cookie (docs/decisions/040): set at every successful sign-in, it names this browser
 * and the accounts that signed in from it (at most MAX_ACCOUNTS, newest first). A browser that holds it
 * for an account has passed a sign-in before, so failures by strangers elsewhere do not ask it for more
 * proof. Signed with the stage's session key, with an audience of its own; sent only to the sign-in
 * routes (Path=/api/login covers /api/login/...).
 */
const DEVICE_COOKIE = '__Secure-growthwise_device';
const COOKIE_PATH = '/api/login';
const LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_ACCOUNTS = 5;

export interface KnownDevice {
  deviceId: string;
  /** User ids that signed in from this browser. */
  userIds: string[];
}

/** The request's device, or undefined when it has no valid cookie (absent, expired, tampered, or signed with a key two rotations old). */
export async function readDevice(cookies: string[] | undefined): Promise<KnownDevice | undefined> {
  const token = cookieValue(cookies, DEVICE_COOKIE);
  if (!token) return undefined;
  const payload = await verifyStageToken('device', token, ['exp', 'iat', 'sub', 'users']);
  const users = payload?.users;
  if (!payload?.sub || !Array.isArray(users) || !users.every((id) => typeof id === 'string')) return undefined;
  return { deviceId: payload.sub, userIds: users as string[] };
}

export const knowsUser = (device: KnownDevice | undefined, userId: string | undefined): device is KnownDevice =>
  !!device && !!userId && device.userIds.includes(userId);

/** The cookie after `userId` signed in from this browser: the same device id (a new one for a browser without), the user first. */
export async function deviceCookie(device: KnownDevice | undefined, userId: string): Promise<string> {
  const deviceId = device?.deviceId ?? randomUUID();
  const userIds = [userId, ...(device?.userIds ?? []).filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS);
  const token = await signStageToken('device', deviceId, { users: userIds }, clockNow().getTime() + LIFETIME_MS);
  return `${DEVICE_COOKIE}=${token}; HttpOnly; Secure; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=${LIFETIME_MS / 1000}`;
}
