import * as z from 'zod/mini';

export type JsonSchema = Record<string, unknown>;

/**
 * One schema of the contract in JSON Schema 2020-12, OpenAPI 3.1's own dialect, by zod's conversion.
 * Requests are described as the API takes them (`input`: a defaulted field is optional), answers as it
 * gives them (`output`). A check zod cannot express (a refinement, a custom type) is left out rather
 * than failing the build: the server still applies it, and its message names the field. Answers may
 * gain fields, so no answer is closed to extra properties.
 */
export function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  }) as JsonSchema;
  // The document declares the dialect once; a $schema on every schema would repeat it.
  delete converted.$schema;
  return converted;
}
