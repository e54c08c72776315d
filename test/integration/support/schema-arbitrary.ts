import fc from 'fast-check';
import * as z from 'zod/mini';

/** The part of JSON Schema that zod's toJSONSchema writes for our request schemas. */
interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

/**
 * Values shaped by a request schema of shared/ (through zod's own JSON Schema of it): right types,
 * right fields, lengths and formats. Refinements JSON Schema cannot say (a calendar date, a trimmed
 * name) are not honoured: such values probe the schema's edge, which is what a fuzzer wants.
 */
export function arbitraryFromSchema(schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  return fromJsonSchema(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema);
}

function fromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(fromJsonSchema));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => fromJsonSchema({ ...schema, type })));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const fields = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fromJsonSchema(value)]));
      return fc.record(fields, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
    }
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? Number.MIN_SAFE_INTEGER, max: schema.maximum ?? Number.MAX_SAFE_INTEGER });
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue();
  }
}
