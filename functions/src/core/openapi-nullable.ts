/**
 * OpenAPI 3.0's `nullable` only widens a `type` beside it (3.0.3, Schema Object): the generator
 * writes it alone for a nullable reference (`allOf: [{ $ref }, { nullable: true }]`) and for an
 * unknown value, where it says nothing, and Redocly and Spectral refuse it. This pass writes each
 * as the version means it. A nullable reference becomes one of the referenced schema or `null`
 * (`oneOf: [{ $ref }, { type, nullable: true, enum: [null] }]`): a `nullable` beside the reference
 * itself would still hold `null` to the referenced schema, which refuses it, and example checks
 * (and generated clients) would read `null` as wrong. A lone `nullable` on a schema of any value is
 * dropped: such a schema has no type to widen.
 */
type Schema = Record<string, unknown>;

export function withTypedNullables<D extends object>(document: D): D {
  const schemas = (document as { components?: { schemas?: Record<string, Schema> } }).components?.schemas ?? {};
  const typeOf = (reference: unknown): unknown => {
    const name = typeof reference === 'string' ? reference.replace('#/components/schemas/', '') : undefined;
    return name ? schemas[name]?.type : undefined;
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const schema = value as Schema;
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf as Schema[];
      const marker = parts.findIndex((part) => part.nullable === true && Object.keys(part).length === 1);
      const reference = parts.find((part) => typeof part.$ref === 'string');
      const type = reference && typeOf(reference.$ref);
      if (marker >= 0 && parts.length === 2 && reference && type !== undefined && schema.type === undefined) {
        delete schema.allOf;
        schema.oneOf = [reference, { type, nullable: true, enum: [null] }];
      }
    }
    if (schema.nullable === true && schema.type === undefined && schema.allOf === undefined && schema.$ref === undefined) delete schema.nullable;
    Object.values(schema).forEach(visit);
  };
  visit(document);
  return document;
}
