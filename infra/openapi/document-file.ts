import path from 'node:path';

/** The name the handler imports the generated document by (functions/developers/openapi-document.d.ts). */
export const OPENAPI_DOCUMENT_MODULE = '@growthwise/openapi-document';

/** Where the build writes the document: under the ignored .build/, as every build output, never edited by hand. */
export const OPENAPI_DOCUMENT_FILE = path.resolve(import.meta.dirname, '../../.build/openapi/openapi.json');
