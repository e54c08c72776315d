import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { inject } from 'vitest';
import { type RouteDefinition, routes } from '../../../functions/routes';
import { SCIM_ERROR_SCHEMA } from '../../../functions/scim/scim-error';
import { oidcCallback, samlAcs } from '../../../shared/contract/sso';
import { seedNotifications } from '../notifications/seed-notifications';
import { type SignedIn, registerOrganization, request } from '../support/api';
import { eventually } from '../support/eventually';
import { addUserThroughApi } from '../support/org-members';
import { arbitraryFromSchema } from '../support/schema-arbitrary';

/**
 * Property-based fuzzing of every route of the route table (issue 18): whatever the path
 * parameters, query, headers, cookie and body, the API answers below 500, every non-2xx answer has
 * the contract's JSON error shape, no answer shows a stack trace or an internal name, and no request
 * changes another organization's data. Routes added to the table later are fuzzed with no change
 * here; a route with a request schema in shared/contract/ gets bodies built from and around it.
 *
 * Bounded: the whole file shares TIME_BUDGET_MS. Reproducible: FUZZ_SEED=<seed> runs one seed (a
 * failure prints its seed and path, fast-check's own report).
 */
const TIME_BUDGET_MS = 40_000;
const RUNS_PER_ROUTE = 40;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

const SESSION_COOKIE = '__Host-growthwise_session';
/** Words that belong to the code or the database, never to an answer. */
const INTERNAL =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d|\b(TypeError|ReferenceError|SyntaxError|RangeError)\b|DynamoDB|ConditionalCheck|TransactionCanceled|ValidationException|ProvisionedThroughput|\bORG#|\bUSER#|\bPROJECT#|passwordHash/;
/** Keys of the table's own layout, which no JSON answer may carry. */
const INTERNAL_KEYS = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'passwordHash', 'expiresAt', 'ttl']);
/** Fields a route's contract answers on purpose although the table also uses the name (issue 14: an invitation's expiry). */
const CONTRACT_FIELDS: { path: RegExp; keys: string[] }[] = [
  { path: /^\/api\/organization\/invitations(\/|$)/, keys: ['expiresAt'] },
  { path: /^\/api\/billing\/checkout-reference$/, keys: ['expiresAt'] },
];

interface World {
  /** The fuzzer's organization: its admin and a staff member. */
  attacker: SignedIn;
  attackerStaff: SignedIn;
  /** Another organization, which nothing here may change. */
  victim: SignedIn;
  victimStaff: SignedIn;
  victimProjectId: string;
  /** Ids worth trying as path parameters: both organizations' own, and nonsense. */
  ids: string[];
}

let world: World;
let victimBefore: unknown;

async function victimState(w: World) {
  const read = async (who: SignedIn, path: string) => {
    const answer = await who.call(path);
    expect(answer.status, `${path} for the other organization`).toBe(200);
    return answer.body;
  };
  return {
    user: await read(w.victim, '/api/user'),
    projects: await read(w.victim, '/api/projects'),
    project: await read(w.victim, `/api/projects/${w.victimProjectId}`),
    users: await read(w.victim, '/api/organization/users'),
    staffUser: await read(w.victimStaff, '/api/user'),
    notifications: await read(w.victimStaff, '/api/notifications'),
    unread: await read(w.victimStaff, '/api/notifications/unread/count'),
  };
}

beforeAll(async () => {
  console.log(`fuzz-routes: seed ${SEED} (FUZZ_SEED=${SEED} repeats this run)`);
  const attacker = await registerOrganization({ fullName: 'Mallory Admin' });
  const attackerStaff = await addUserThroughApi(attacker, 'Trudy Staff');
  const victim = await registerOrganization({ fullName: 'Victor Admin' });
  const victimStaff = await addUserThroughApi(victim, 'Wendy Staff');
  const project = await victim.call('/api/projects', { body: { name: 'Victim project', description: 'keep out' } });
  expect(project.status).toBe(201);
  expect(
    (
      await victim.call(`/api/projects/${project.body.id}/members`, {
        method: 'PUT',
        body: { memberIds: [victim.user.id, victimStaff.user.id] },
      })
    ).status,
  ).toBe(200);
  // The member PUT's 'Added to project' is written by the fan-out after its answer: the state the fuzzing must not
  // change includes it, so it is waited for before the state is read.
  const added = await eventually(
    async () =>
      ((await victimStaff.call('/api/notifications')).body as { title: string }[]).filter((n) => n.title === 'Added to project'),
    (list) => list.length > 0,
    60_000,
  );
  expect(added).toHaveLength(1);
  await seedNotifications(victimStaff.user.id, 2);
  const attackerProject = await attacker.call('/api/projects', { body: { name: 'Own project' } });
  const notifications = (await victimStaff.call('/api/notifications')).body as { id: string }[];
  world = {
    attacker,
    attackerStaff,
    victim,
    victimStaff,
    victimProjectId: project.body.id,
    ids: [
      project.body.id,
      attackerProject.body.id,
      victim.user.id,
      victimStaff.user.id,
      victim.orgId,
      attacker.user.id,
      attackerStaff.user.id,
      attacker.orgId,
      ...notifications.map((notification) => notification.id),
    ],
  };
  victimBefore = await victimState(world);
  // Each handler's first request loads its bundle (a cold start): not part of any property's time.
  await Promise.all(routes.map((route) => request(route.path.replace(/\{\w+\}/g, 'warm-up'), { method: route.method })));
}, 240_000);

afterAll(async () => {
  if (world) expect(await victimState(world), 'the other organization, after the fuzzing').toEqual(victimBefore);
}, 60_000);

// --- what a request is made of -------------------------------------------------------------------

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${jndi:ldap://x}',
  'ORG#x',
  '__proto__',
  'constructor',
  'x'.repeat(10_000),
);
const anyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  nastyStrings,
);
const limitNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
);
/** Any JSON value, strings and numbers leaning to the troublesome ones. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    anyString,
    limitNumbers,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
/** `{"__proto__": …}` as JSON text: JSON.stringify of an object would drop or rename such keys. */
const withKey = (json: string, key: string, value: unknown) => {
  const member = `${JSON.stringify(key)}:${JSON.stringify(value ?? null)}`;
  return json.startsWith('{') ? `{${member}${json === '{}' ? '' : ','}${json.slice(1)}` : `{${member}}`;
};

/** A body from the route's request schema, then perhaps bent: a field dropped, retyped or added, a polluting key. */
function bodies(route: RouteDefinition): fc.Arbitrary<string | undefined> {
  const schema = route.endpoint?.body;
  const valid = schema ? arbitraryFromSchema(schema) : anyJson;
  const bent = fc
    .tuple(
      valid,
      fc.integer({ min: 0, max: 4 }),
      anyString,
      anyJson,
      fc.constantFrom(...POLLUTION_KEYS),
      fc.constantFrom({ isAdmin: true }, { role: 'admin' }, 1, null),
    )
    .map(([value, how, key, replacement, pollution, polluted]) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return JSON.stringify(value);
      const fields = Object.keys(value);
      const copy: Record<string, unknown> = { ...value };
      const field = fields[key.length % Math.max(fields.length, 1)];
      if (how === 0 && field) delete copy[field];
      if (how === 1 && field) copy[field] = replacement;
      if (how === 2) copy[key] = replacement;
      const json = JSON.stringify(copy);
      return how >= 3 ? withKey(json, pollution, polluted) : json;
    });
  const raw = fc.oneof(
    fc.constantFrom('', 'null', '[]', '"text"', 'true', '{', '{"a":', '{"name":"x"', '\u0000', '{"a":1}{"b":2}'),
    fc.integer({ min: 1, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 1, max: 2_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    fc.constantFrom(200_000, 300_000).map((size) => JSON.stringify({ name: 'x'.repeat(size) })),
    anyJson.map((value) => JSON.stringify(value)),
  );
  const sent: fc.Arbitrary<string> = valid.map((value) => JSON.stringify(value));
  return fc.oneof(
    { arbitrary: fc.constant<string | undefined>(undefined), weight: 1 },
    { arbitrary: sent, weight: 4 },
    { arbitrary: bent, weight: 4 },
    { arbitrary: raw, weight: 2 },
  );
}

/** Every UTF-8 byte percent-encoded (encodeURIComponent refuses a lone surrogate; this sends its replacement character). */
const percentEncoded = (value: string) =>
  Array.from(new TextEncoder().encode(value), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A path parameter: an id of either organization, or anything at all. */
const pathParam = () =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...world.ids), weight: 4 },
    // CloudFront refuses a URL over 8,192 bytes before it reaches the API (and Node's server, locally, at 16 KB).
    {
      arbitrary: anyString
        .filter((value) => value.length > 0)
        .map(percentEncoded)
        .filter((value) => value.length <= 2_000),
      weight: 2,
    },
    { arbitrary: fc.constantFrom('%2F', '..', '.', '%', '%zz', 'a%2Fb', '%E0%A4%A'), weight: 1 },
  );

const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...POLLUTION_KEYS, '__proto__[isAdmin]', 'orgId', 'userId', 'token')),
      anyString,
      { maxKeys: 3 },
    )
    .map((entries) => `?${new URLSearchParams(entries).toString()}`),
  fc.constantFrom('?', '?&&', '?a', '?%', '?a=%zz', `?x=${'y'.repeat(5_000)}`),
);

/** Header values must be bytes a request can carry: printable ASCII. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 80,
});

type CookieChoice = 'admin' | 'staff' | 'none' | 'garbage' | 'truncated' | 'tampered' | 'doubled' | 'foreign';
const cookieChoice = fc.constantFrom<CookieChoice>(
  'admin',
  'admin',
  'admin',
  'staff',
  'none',
  'garbage',
  'truncated',
  'tampered',
  'doubled',
  'foreign',
);

function cookieFor(choice: CookieChoice, junk: string): string | undefined {
  const admin = world.attacker.cookie;
  switch (choice) {
    case 'admin':
      return admin;
    case 'staff':
      return world.attackerStaff.cookie;
    case 'none':
      return undefined;
    case 'garbage':
      return `${SESSION_COOKIE}=${junk}`;
    case 'truncated':
      return admin.slice(0, Math.max(SESSION_COOKIE.length + 1, admin.length - 1 - (junk.length % 40)));
    case 'tampered':
      return `${admin.slice(0, -3)}${admin.endsWith('A') ? 'B' : 'A'}${admin.slice(-2)}`;
    case 'doubled':
      return `${SESSION_COOKIE}=${junk}; ${admin}`;
    case 'foreign':
      return `other=${junk}; ${SESSION_COOKIE}=`;
  }
}

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ),
    weight: 2,
  },
  { arbitrary: headerText, weight: 1 },
);
const origin = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  { arbitrary: fc.constantFrom('self', 'https://evil.example', 'null', 'http://localhost', 'file://'), weight: 2 },
  { arbitrary: headerText, weight: 1 },
);
const fetchSite = fc.constantFrom(undefined, undefined, 'same-origin', 'same-site', 'cross-site', 'none', 'garbage');

// --- what every answer must be ------------------------------------------------------------------

function checkAnswer(
  route: RouteDefinition,
  status: number,
  contentTypeHeader: string | null,
  text: string,
  location: string | null,
  reachesRoute = true,
) {
  expect(status, text.slice(0, 300)).toBeLessThan(500);
  expect(withoutFuzzText(text)).not.toMatch(INTERNAL);
  // The one route a browser navigates to (the identity provider's redirect back, docs/decisions/044):
  // whatever it is sent, it answers with a redirect into the app, never to another site.
  if (route.path === oidcCallback.path) {
    expect(status, text.slice(0, 300)).toBe(302);
    expect(location).toMatch(/^\/(?!\/)/);
    return;
  }
  // SAML's ACS, the IdP's form POST (docs/decisions/058): likewise, 303 so the browser follows with a GET
  // (what the platform refuses before it, an oversized body, is its JSON refusal, checked below).
  if (route.path === samlAcs.path && status < 400) {
    expect(status, text.slice(0, 300)).toBe(303);
    expect(location).toMatch(/^\/(?!\/)/);
    return;
  }
  // SCIM's handlers answer in SCIM's own media type and error shape (RFC 7644 §3.12; docs/decisions/045);
  // what is refused before them (a malformed path encoding, an oversized body, a path the URL resolves
  // elsewhere) is the platform's JSON refusal, checked below like any route's.
  if (
    route.path.startsWith('/api/scim/v2/') &&
    status >= 300 &&
    reachesRoute &&
    contentTypeHeader?.startsWith('application/scim+json')
  ) {
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body.schemas).toEqual([SCIM_ERROR_SCHEMA]);
    expect(body.status).toBe(String(status));
    expect(typeof body.detail).toBe('string');
    expect(Object.keys(body).every((key) => ['schemas', 'status', 'scimType', 'detail'].includes(key))).toBe(true);
    return;
  }
  if (route.path.startsWith('/api/scim/v2/') && [401, 403, 409, 415].includes(status))
    expect(contentTypeHeader, `a SCIM ${status} answers SCIM's JSON`).toMatch(/^application\/scim\+json/);
  const isJson = contentTypeHeader?.startsWith('application/json') ?? false;
  if (status >= 300) {
    expect(isJson, `a ${status} answers JSON`).toBe(true);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body).every((key) => ['message', 'fieldErrors', 'requestId', 'code'].includes(key))).toBe(true);
    if (body.fieldErrors !== undefined)
      expect(Object.values(body.fieldErrors as object).every((value) => typeof value === 'string')).toBe(true);
    // The one code the API answers (ApiErrorBody.code): a security change without a recent step-up.
    if (body.code !== undefined) expect(body.code).toBe('STEP_UP_REQUIRED');
    return;
  }
  const allowed = new Set(CONTRACT_FIELDS.filter(({ path }) => path.test(route.path)).flatMap(({ keys }) => keys));
  if (isJson && text) expect(keysOf(JSON.parse(text)).filter((key) => INTERNAL_KEYS.has(key) && !allowed.has(key))).toEqual([]);
}

/**
 * The answer without the fuzzer's own key-shaped text ('ORG#x'): a project it named so is rightly shown
 * back by later answers (the dashboard, the list), which is the user's text, not a key of the table.
 */
function withoutFuzzText(text: string): string {
  return text.replace(/\bORG#x\b(?!#)/g, '');
}

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

// --- the properties ------------------------------------------------------------------------------

describe('fuzzing every route of the route table', () => {
  // At least a few requests per route even on a crowded machine (a property stopped before its first run fails).
  const perRouteMs = Math.max(Math.floor(TIME_BUDGET_MS / routes.length), 3_000);

  for (const route of routes as readonly RouteDefinition[]) {
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const hasBody = route.method !== 'GET';
    test.prop(
      {
        values: fc.constant(null).chain(() => fc.tuple(...params.map(pathParam))),
        query,
        body: hasBody ? bodies(route) : fc.constant(undefined),
        cookie: fc.tuple(cookieChoice, fc.string({ unit: fc.constantFrom(...'ABCabc012-_.~%;= '.split('')), maxLength: 60 })),
        contentType,
        origin,
        fetchSite,
      },
      { seed: SEED, numRuns: RUNS_PER_ROUTE, interruptAfterTimeLimit: perRouteMs, markInterruptAsFailure: false },
    )(
      `${route.method} ${route.path}`,
      async ({ values, query: search, body, cookie: [choice, junk], contentType: type, origin: from, fetchSite: site }) => {
        let index = 0;
        const path = route.path.replace(/\{\w+\}/g, () => values[index++]!);
        const headers: Record<string, string> = {};
        if (type !== undefined && body !== undefined) headers['content-type'] = type;
        if (from !== undefined) headers.origin = from === 'self' ? new URL(inject('apiUrl')).origin : from;
        if (site !== undefined) headers['sec-fetch-site'] = site;
        const cookie = cookieFor(choice, junk);
        const answer = await request(`${path}${search}`, { method: route.method, rawBody: body, headers, cookie });
        // A '.' or '..' segment is resolved away by the URL: the request reaches another path (or none), whose answer is the router's.
        const reachesRoute = !values.some((value) => value === '.' || value === '..');
        checkAnswer(
          route,
          answer.status,
          answer.headers.get('content-type'),
          answer.text,
          answer.headers.get('location'),
          reachesRoute,
        );
        // A request that signed the fuzzer's admin out is followed by a fresh sign-in, so the fuzzing keeps reaching past the session check.
        if (choice === 'admin' && answer.status === 401) world.attacker = await refreshed(world.attacker);
      },
    );
  }
});

async function refreshed(who: SignedIn): Promise<SignedIn> {
  const answer = await request('/api/login', { body: { username: who.email, password: who.password } });
  if (answer.status !== 200) return who;
  const cookie = answer.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${SESSION_COOKIE}=`))!
    .split(';')[0]!;
  return { ...who, cookie, call: (path, options = {}) => request(path, { ...options, cookie }) };
}
