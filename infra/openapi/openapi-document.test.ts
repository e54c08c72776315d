import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { type RouteDefinition, routes } from '../../functions/routes';
import { API_KEY_SCOPES } from '../../shared/api-key-scopes';
import { PRODUCT_NAME } from '../../shared/product';
import { PROJECT_SORTS } from '../../shared/schemas/projects';
import { openApiDocument } from './openapi-document';
import { writeOpenApiDocument } from './write-openapi-document';

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: { enum?: string[] } }[];
  requestBody?: { content: { 'application/json': { schema: { required?: string[]; properties: Record<string, unknown> } } } };
  responses: Record<string, { $ref?: string; content?: unknown }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

const table: readonly RouteDefinition[] = routes;
const generated = () => openApiDocument(table, '1.2.3') as unknown as Document;

/** The document as the build writes it for the handler's bundle. */
async function writtenDocument(): Promise<Document> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'growthwise-openapi-'));
  try {
    await writeOpenApiDocument(path.join(dir, 'openapi.json'));
    return JSON.parse(await readFile(path.join(dir, 'openapi.json'), 'utf8')) as Document;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${route}`, operation })),
  );

describe('the OpenAPI document of GET /api/openapi.json', () => {
  it('validates as OpenAPI 3.1 with @readme/openapi-parser', async () => {
    const document = generated();
    expect(document.openapi).toMatch(/^3\.1\./);
    // The parser dereferences what it is given: a copy keeps the document's $refs for the checks below.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });

  it('lists every route of the route table that an API key may call, with its scope, and no other route', async () => {
    const expected = table
      .filter((route) => route.endpoint.apiKeyScope !== undefined)
      .map((route) => `${route.method} ${route.path} ${route.endpoint.apiKeyScope}`)
      .sort();
    const listed = operations(await writtenDocument())
      .map(({ key, operation }) => `${key} ${operation.security.map((requirement) => requirement.apiKey?.join(',')).join(' ')}`)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(listed).toEqual(expected);
  });

  it('names the product and the version it is given, and keys as bearer tokens whose roles are the scopes', () => {
    const document = generated();
    expect(document.info).toMatchObject({ title: `${PRODUCT_NAME} API`, version: '1.2.3' });
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { key, operation } of operations(document))
      expect(API_KEY_SCOPES, key).toContain(operation.security[0]?.apiKey?.[0]);
  });

  it("takes path and query parameters, bodies and the refusals from the contract's schemas", () => {
    const { paths } = generated();
    const list = paths['/api/projects']!.get!;
    expect(list.parameters?.find((parameter) => parameter.name === 'sort')).toMatchObject({
      in: 'query',
      required: false,
      schema: { enum: [...PROJECT_SORTS] },
    });
    expect(Object.keys(list.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
    const create = paths['/api/projects']!.post!;
    expect(create.requestBody?.content['application/json'].schema.required).toEqual(['name']);
    expect(create.responses['201']?.content).toBeDefined();
    expect(create.parameters?.map((parameter) => parameter.in)).toEqual(['header']);
    const comment = paths['/api/projects/{id}/comments/{commentId}']!.patch!;
    expect(comment.parameters?.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual([
      'id',
      'commentId',
    ]);
    expect(comment.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  });

  it('gives every operation an id of its own', () => {
    const ids = operations(generated()).map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
