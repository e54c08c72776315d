/** Plain HTTP calls to the bench cloud: sign in, and one request with its DynamoDB call count. */
export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  dbCalls: number;
}

export async function callApi<T = any>(baseUrl: string, path: string, options: { method?: string; body?: unknown; cookie?: string } = {}): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, dbCalls: Number(response.headers.get('x-db-calls') ?? NaN) };
}

/** Signs in and answers the `name=value` of the session cookie. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((value) => value.includes('session='));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return cookie.split(';')[0]!;
}
