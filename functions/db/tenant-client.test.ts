import { type IncomingMessage, type Server, createServer } from 'node:http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * A DynamoDB endpoint that answers every call with an empty item and records which access key signed
 * it: whose credentials each call went out with is what this test is about.
 */
let endpoint: Server;
const signedBy: string[] = [];
const accessKeyOf = (request: IncomingMessage) => /Credential=([^/]+)\//.exec(String(request.headers.authorization))?.[1] ?? '';

beforeAll(async () => {
  endpoint = createServer((request, response) => {
    signedBy.push(accessKeyOf(request));
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => endpoint.close(resolve));
  vi.unstubAllEnvs();
});

const ROLE = 'arn:aws:iam::111111111111:role/Growthwise-prod-TenantTableRole';

/**
 * A stand-in for STS (no AWS account is reachable from here), speaking its Query protocol: it records
 * each AssumeRole's form and signature and answers with credentials named after the session tag.
 */
let sts: Server;
const asked: { form: Record<string, string>; signedBy: string }[] = [];
beforeAll(async () => {
  sts = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      asked.push({ form, signedBy: accessKeyOf(request) });
      const org = form['Tags.member.1.Value'];
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end(
        `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><Credentials>` +
          `<AccessKeyId>ASIA${org}</AccessKeyId><SecretAccessKey>stand-in</SecretAccessKey><SessionToken>stand-in</SessionToken>` +
          `<Expiration>${new Date(Date.now() + 15 * 60_000).toISOString()}</Expiration></Credentials></AssumeRoleResult></AssumeRoleResponse>`,
      );
    });
  });
  await new Promise<void>((resolve) => sts.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => sts.close(resolve));
});

describe('the admin and SCIM routes reach the table through the tenant role (docs/decisions/111)', () => {
  it("sends a request's calls with the function's own credentials until the organization is named, then with the tenant role's for that organization, asking STS once per organization", async () => {
    vi.stubEnv('DYNAMODB_ENDPOINT', `http://127.0.0.1:${(endpoint.address() as { port: number }).port}`);
    vi.stubEnv('TENANT_TABLE_ROLE_ARN', ROLE);
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAOWNFUNCTION');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'own');
    vi.stubEnv('STS_ENDPOINT', `http://127.0.0.1:${(sts.address() as { port: number }).port}/`);
    vi.resetModules();
    const { db, TABLE_NAME, runWithTenantClient, useTenantCredentials } = await import('./client');
    const get = () => db.send(new GetCommand({ TableName: TABLE_NAME, Key: { PK: 'ORG#x', SK: 'ORG' } }));

    const request = (orgId: string) =>
      runWithTenantClient(async () => {
        await get();
        useTenantCredentials(orgId);
        await get();
        await get();
      });
    await request('ORGA');
    await request('ORGB');
    await request('ORGA');
    expect(signedBy).toEqual([
      'AKIAOWNFUNCTION',
      'ASIAORGA',
      'ASIAORGA',
      'AKIAOWNFUNCTION',
      'ASIAORGB',
      'ASIAORGB',
      'AKIAOWNFUNCTION',
      'ASIAORGA',
      'ASIAORGA',
    ]);
    // Outside a request: the function's own.
    await get();
    expect(signedBy.at(-1)).toBe('AKIAOWNFUNCTION');
    // Asked once per organization, signed with the function's own credentials, for the organization's tag.
    expect(asked).toEqual(
      ['ORGA', 'ORGB'].map((org) => ({
        signedBy: 'AKIAOWNFUNCTION',
        form: {
          Action: 'AssumeRole',
          Version: '2011-06-15',
          RoleArn: ROLE,
          RoleSessionName: `org-${org}`,
          DurationSeconds: '900',
          'Tags.member.1.Key': 'orgId',
          'Tags.member.1.Value': org,
        },
      })),
    );
  });
});
