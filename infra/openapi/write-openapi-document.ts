import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { routes } from '../../functions/routes';
import { OPENAPI_DOCUMENT_FILE } from './document-file';
import { openApiDocument } from './openapi-document';

const PACKAGE_JSON = path.resolve(import.meta.dirname, '../../package.json');

/**
 * Generates the document from the route table and writes it where the handler's bundle takes it from
 * (infra/bundling.ts): by the local build before it bundles the handlers, and by `cdk synth` before
 * CloudFormation's assets are bundled. Written beside and renamed into place, so a build running at the
 * same time never reads half a file.
 */
export async function writeOpenApiDocument(file: string = OPENAPI_DOCUMENT_FILE): Promise<void> {
  const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, JSON.stringify(openApiDocument(routes, version)));
  await rename(temporary, file);
}
