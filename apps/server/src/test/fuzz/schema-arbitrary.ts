import fc from 'fast-check';

/** A JSON Schema (2020-12, as zod writes it), loosely typed: the generator reads what it knows. */
export type JsonSchema = { readonly [key: string]: unknown };

export interface SchemaArbitraryOptions {
  /** Where `$ref`s point: the converted schema's own `$defs`, or a document's `components.schemas`. */
  defs?: Readonly<Record<string, JsonSchema>>;
  /** Values to offer (beside generated ones) for properties of these names, e.g. `merchantCode`. */
  hints?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

/** Generated strings stay short: the longest a schema allows is the hostile mutations' business. */
const MAX_EXTRA_LENGTH = 24;
const MAX_ITEMS = 4;
/** How deep `$ref`s (recursive schemas) are followed before the generator stops at the leaves. */
const MAX_REF_DEPTH = 4;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function resolveRef(ref: string, defs: Readonly<Record<string, JsonSchema>>): JsonSchema | undefined {
  const name = ref.replace(/^#\/(\$defs|definitions|components\/schemas)\//, '');
  return defs[decodeURIComponent(name).replaceAll('~1', '/').replaceAll('~0', '~')];
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.min(
    num(schema.maxLength) ?? minLength + MAX_EXTRA_LENGTH,
    minLength + MAX_EXTRA_LENGTH,
  );
  const limit = num(schema.maxLength) ?? Infinity;
  // Bring a generated string within the bounds without a filter (one that rarely passes would
  // spin): repeating a string that matches a character-class pattern still matches it.
  const fit = (s: string) => {
    let out = s;
    if (out.length < minLength)
      out = (out === '' ? 'a' : out).repeat(Math.ceil(minLength / Math.max(1, out.length)));
    return out.length > limit ? out.slice(0, Math.max(minLength, Math.min(limit, maxLength))) : out;
  };
  switch (schema.format) {
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress({ size: 'xsmall' }).map(fit);
    case 'uuid':
      return fc.uuid();
    default:
  }
  if (typeof schema.pattern === 'string') {
    try {
      const regex = new RegExp(schema.pattern);
      return fc.stringMatching(regex, { size: 'xsmall' }).map(fit);
    } catch {
      // A pattern fast-check cannot read: plain strings (most then fail validation, which is fine).
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = num(schema.minimum) ?? -1e9;
  let max = num(schema.maximum) ?? 1e9;
  const exMin = num(schema.exclusiveMinimum);
  const exMax = num(schema.exclusiveMaximum);
  if (integer) {
    if (exMin !== undefined) min = Math.max(min, Math.floor(exMin) + 1);
    if (exMax !== undefined) max = Math.min(max, Math.ceil(exMax) - 1);
    min = Math.ceil(min);
    max = Math.floor(max);
    if (min > max) return fc.constant(min);
    const small = fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) });
    const wide = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
    return min <= 1000 && max >= -1000
      ? fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: wide })
      : wide;
  }
  const doubles = fc.double({
    min: exMin ?? min,
    max: exMax ?? max,
    minExcluded: exMin !== undefined,
    maxExcluded: exMax !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
  // Money and other decimals are mostly whole or two-decimal amounts: offer those too.
  let lo = Math.max(Math.ceil((exMin ?? min) * 100), -1e9);
  let hi = Math.min(Math.floor((exMax ?? max) * 100), 1e9);
  if (exMin !== undefined && lo / 100 <= exMin) lo++;
  if (exMax !== undefined && hi / 100 >= exMax) hi--;
  if (lo > hi) return doubles;
  const cents = fc.integer({ min: lo, max: hi }).map((n) => n / 100);
  return fc.oneof(doubles, cents);
}

/**
 * Values for a JSON Schema: what a well-meaning client might send (it does not know the refinements
 * zod adds beyond the schema, so some are still refused). Every keyword zod writes for the
 * contract's inputs is read: types, bounds, patterns, formats, enums, consts, unions, records,
 * arrays, objects with their required keys, and `$ref`s (to a bounded depth).
 */
export function schemaArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const defs = options.defs ?? (schema.$defs as Record<string, JsonSchema> | undefined) ?? {};
  const next = (s: unknown, d = depth) => schemaArbitrary((s ?? {}) as JsonSchema, { ...options, defs }, d);

  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref, defs);
    if (!target || depth >= MAX_REF_DEPTH) return fc.constant(null);
    return next(target, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) return fc.oneof(...branches.map((b) => next(b)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return next(schema.allOf[0]);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => next({ ...schema, type })));
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minItems = num(schema.minItems) ?? 0;
      const maxItems = Math.min(num(schema.maxItems) ?? minItems + MAX_ITEMS, minItems + MAX_ITEMS);
      return fc.array(next(schema.items), { minLength: minItems, maxLength: maxItems });
    }
    case 'object':
      return objectArbitrary(schema, { ...options, defs }, depth);
    default:
      // `{}`: anything (zod's `unknown`, or a part JSON Schema cannot express).
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, options: SchemaArbitraryOptions, depth: number) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    const generated = schemaArbitrary(property, options, depth);
    const hint = options.hints?.[name];
    model[name] = hint
      ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: generated })
      : generated;
  }
  const fixed = fc.record(model, { requiredKeys: Object.keys(model).filter((k) => required.has(k)) });
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object' || extra === null || Object.keys(properties).length > 0) return fixed;
  // A record (`z.record`): keys from `propertyNames`, values from `additionalProperties`.
  const keys = schema.propertyNames
    ? (schemaArbitrary(schema.propertyNames as JsonSchema, options, depth) as fc.Arbitrary<string>)
    : fc.string({ maxLength: 12 });
  return fc.dictionary(
    keys.filter((k) => typeof k === 'string'),
    schemaArbitrary(extra as JsonSchema, options, depth + 1),
    { maxKeys: MAX_ITEMS },
  );
}
