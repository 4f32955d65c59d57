import fc from 'fast-check';

/** The part of JSON Schema that the OpenAPI document uses. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

export type SchemaResolver = (ref: string) => JsonSchema;

const MAX_DEPTH = 6;
/** Generated strings and arrays stay short; long ones come from the nasty values on purpose. */
const MAX_GENERATED_LENGTH = 40;
const MAX_GENERATED_ITEMS = 5;

const isoDate = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 11, 31) })
  .map((time) => new Date(time).toISOString().slice(0, 10));

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const lowest = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : schema.minimum;
  const highest = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : schema.maximum;
  const min = Math.max(Math.ceil(lowest ?? -1000), Number.MIN_SAFE_INTEGER);
  const max = Math.min(Math.floor(highest ?? 100_000), Number.MAX_SAFE_INTEGER);
  if (min > max) return fc.constant(min);
  // Mostly small numbers near the bottom of the range (ids, weeks, years), sometimes anywhere in it.
  const near = fc.integer({ min, max: Math.min(max, min + 100) });
  return fc.oneof({ arbitrary: near, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum ?? schema.minimum ?? -1e6;
  const max = schema.exclusiveMaximum ?? schema.maximum ?? 1e6;
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).filter((value) => {
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    return !(schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum);
  });
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return isoDate;
  if (schema.format === 'date-time') return isoDate.map((date) => `${date}T12:00:00.000Z`);
  if (schema.format === 'email') return fc.emailAddress();
  const maxLength = Math.min(schema.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain strings, which mostly fail it (also worth sending).
    }
  }
  return fc.string({ minLength, maxLength });
}

function objectArbitrary(schema: JsonSchema, resolve: SchemaResolver, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    if (!values) return fc.constant({});
    return fc.dictionary(fc.string({ maxLength: 10 }), schemaArbitrary(values, resolve, depth + 1), { maxKeys: 3 });
  }
  const model = Object.fromEntries(
    keys.map((key) => [key, schemaArbitrary(properties[key] ?? {}, resolve, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
}

/** Values that (mostly) satisfy the schema, so a request gets past validation and into the code behind it. */
export function schemaArbitrary(schema: JsonSchema, resolve: SchemaResolver, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.$ref) return schemaArbitrary(resolve(schema.$ref), resolve, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0)
    return fc.oneof(...choices.map((choice) => schemaArbitrary(choice, resolve, depth + 1)));
  if (schema.allOf && schema.allOf[0]) return schemaArbitrary(schema.allOf[0], resolve, depth + 1);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => schemaArbitrary({ ...schema, type }, resolve, depth)));
  }
  switch (schema.type) {
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.oneof(integerArbitrary(schema), numberArbitrary(schema));
    case 'string':
      return stringArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS));
      return fc.array(schemaArbitrary(schema.items ?? {}, resolve, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, resolve, depth);
    default:
      return schema.properties ? objectArbitrary(schema, resolve, depth) : fc.jsonValue({ maxDepth: 2 });
  }
}
