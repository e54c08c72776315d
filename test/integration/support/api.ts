import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { CLIENT_ADDRESS_HEADER, randomClientAddress } from './client-address';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  /** The body as it came. */
  text: string;
  /** DynamoDB round trips the handler made (the emulator exposes them in tests). */
  dbCalls: number;
  /** Read capacity units its reads consumed. */
  dbReadUnits: number;
  /** Each read the handler made, in order, as `<operation>:<strong|eventual>`. */
  dbReads: string[];
  /** Write capacity units its writes consumed on the table's items, and on its indexes. */
  dbWriteUnits: number;
  dbIndexWriteUnits: number;
  /** `PK SK` of every item it wrote or tried to write. */
  dbWrittenKeys: string[];
  /** Whose partitions its DynamoDB calls named (a Query's: its key condition's), as the tenant guard saw them: `ORG#<org>`, `USER#<user>`, `EMAIL#<address>`… */
  dbPartitions: string[];
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Sent as is (no JSON encoding, no content type): for malformed and non-JSON bodies. */
  rawBody?: string;
  headers?: Record<string, string>;
  cookie?: string;
  /** The client's address; by default each request comes from an address of its own. */
  clientAddress?: string;
}

/** One request to the API through the emulator's HTTP port. */
/** A request that failed because its kept-alive socket was closed by the server at that moment. */
function closedIdleConnection(error: unknown) {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return error instanceof TypeError && ['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(cause?.code ?? '');
}

export async function request<T = any>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    [CLIENT_ADDRESS_HEADER]: options.clientAddress ?? randomClientAddress(),
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const send = () =>
    fetch(`${inject('apiUrl')}${path}`, {
      method: options.method ?? (options.body !== undefined || options.rawBody !== undefined ? 'POST' : 'GET'),
      headers,
      // A redirect (the SSO callback's) is the answer under test, not a page to fetch.
      redirect: 'manual',
      body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    });
  const response = await send().catch((error: unknown) => {
    if (!closedIdleConnection(error)) throw error;
    // The emulator closed a kept-alive connection as this request went out on it (a busy machine lets
    // the two idle timers cross): the request never reached a handler, so it is sent once more.
    return send();
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text for the assertion to show.
  }
  const header = (name: string) => Number(response.headers.get(name) ?? NaN);
  const writtenKeys = response.headers.get('x-db-written-keys');
  const partitions = response.headers.get('x-db-partitions');
  return {
    status: response.status,
    body: body as T,
    headers: response.headers,
    text,
    dbCalls: header('x-db-calls'),
    dbReadUnits: header('x-db-read-units'),
    dbReads: (response.headers.get('x-db-reads') ?? '').split(',').filter(Boolean),
    dbWriteUnits: header('x-db-write-units'),
    dbIndexWriteUnits: header('x-db-index-write-units'),
    dbWrittenKeys: writtenKeys ? (JSON.parse(decodeURIComponent(writtenKeys)) as string[]) : [],
    dbPartitions: partitions ? (JSON.parse(decodeURIComponent(partitions)) as string[]) : [],
  };
}

const sessionCookieIn = (response: Pick<ApiResponse, 'headers'>) =>
  response.headers.getSetCookie().find((value) => value.startsWith('__Host-growthwise_session='));

/** Whether a response set the session cookie: a refused sign-in must not. */
export const sessionCookieSet = (response: Pick<ApiResponse, 'headers'>) => sessionCookieIn(response) !== undefined;

/** The `name=value` part of the session cookie a response set. */
export function sessionCookieOf(response: ApiResponse): string {
  const cookie = sessionCookieIn(response);
  if (!cookie) throw new Error(`No session cookie in the response (status ${response.status})`);
  return cookie.split(';')[0]!;
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 12)}@example.com`;

export interface SignedIn {
  cookie: string;
  user: { id: string; username: string; fullName: string; roles: { role: string; organization: { id: string; name: string } }[] };
  email: string;
  password: string;
  orgId: string;
  /** Sends a request as this user. */
  call: <T = any>(path: string, options?: RequestOptions) => Promise<ApiResponse<T>>;
}

/** Registers a new organization and its admin, signed in. */
export async function registerOrganization(
  overrides: Partial<{ fullName: string; organizationName: string; email: string; password: string }> = {},
): Promise<SignedIn> {
  const email = overrides.email ?? uniqueEmail('admin');
  const password = overrides.password ?? 'secret-password';
  const response = await request('/api/register', {
    body: {
      username: email,
      password,
      fullName: overrides.fullName ?? 'Ada Admin',
      organizationName: overrides.organizationName ?? `Org ${randomUUID().slice(0, 6)}`,
      plan: 'professional',
      billingCycle: 'monthly',
    },
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return signedIn(sessionCookieOf(response), response.body, email, password);
}

/** Signs in an existing user. */
export async function login(email: string, password: string): Promise<SignedIn> {
  const response = await request('/api/login', { body: { username: email, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return signedIn(sessionCookieOf(response), response.body, email, password);
}

function signedIn(cookie: string, user: SignedIn['user'], email: string, password: string): SignedIn {
  return {
    cookie,
    user,
    email,
    password,
    orgId: user.roles[0]!.organization.id,
    call: (path, options = {}) => request(path, { ...options, cookie }),
  };
}
