// The keys of lyra.config.yaml as its zod schema defines them: which keys are sections (mappings
// of further keys) and which hold values. The loader uses it to read a section written with
// nothing under it; `lyra config show` to list every key, set or not. Only zod's public classes.
import { z } from 'zod';

/** A key of the file: its dotted path and whether it is a section or holds a value (a map such as `labels` is a value). */
export interface SchemaKey {
  key: string;
  section: boolean;
}

/** The schema under optional / default / nullable wrappers. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe) s = s.out as z.ZodType;
    else break;
  }
  return s;
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const s = unwrapSchema(schema);
  return s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>) : undefined;
}

/** Every key of the schema, sections before their keys, in the schema's order. */
export function schemaKeys(schema: z.ZodType, prefix = ''): SchemaKey[] {
  const shape = shapeOf(schema);
  if (!shape) return [];
  const out: SchemaKey[] = [];
  for (const [name, child] of Object.entries(shape)) {
    const key = prefix ? `${prefix}.${name}` : name;
    const sub = shapeOf(child);
    out.push({ key, section: sub !== undefined });
    if (sub) out.push(...schemaKeys(child, key));
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A section written with nothing under it (`duckduckgo:` alone) is YAML null; it means "on, with its
 * defaults", the same as `duckduckgo: {}`. Returns a copy with those nulls replaced; a null where the
 * schema expects a value is left for the schema to report.
 */
export function emptySectionsAsObjects(value: unknown, schema: z.ZodType): unknown {
  const shape = shapeOf(schema);
  if (!shape || !isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const child = shape[k];
    if (!child || !shapeOf(child)) out[k] = v;
    else out[k] = v === null ? {} : emptySectionsAsObjects(v, child);
  }
  return out;
}
