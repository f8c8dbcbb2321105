// The engine's view schemas (core/schemas, camelCase) as tools return them: every object key through
// snakeKey, as naming.ts converts the results themselves, and every object loose (the engine's
// contract is add-only, so a client must accept fields it does not know). Derived, never restated:
// a field added to a core view is in the tool's output schema too.
import { z } from 'zod';
import { snakeKey } from '../naming.js';

export type WireObject = z.ZodObject<Record<string, z.ZodType>, z.core.$loose>;

/** One schema on the wire: objects snake_cased and loose, containers converted inside, leaves as they are. */
export function wireSchema(s: z.ZodType): z.ZodType {
  if (s instanceof z.ZodObject) return wireObject(s);
  if (s instanceof z.ZodArray) return z.array(wireSchema(s.element as z.ZodType));
  if (s instanceof z.ZodOptional) return wireSchema(s.unwrap() as z.ZodType).optional();
  if (s instanceof z.ZodNullable) return wireSchema(s.unwrap() as z.ZodType).nullable();
  if (s instanceof z.ZodUnion) return z.union((s.options as z.ZodType[]).map(wireSchema) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  if (s instanceof z.ZodTuple) return z.tuple((s.def.items as z.ZodType[]).map(wireSchema) as [z.ZodType, ...z.ZodType[]]);
  // Record keys are data (status names, config keys): naming.ts leaves them as they are too.
  if (s instanceof z.ZodRecord) return z.record(s.keyType as z.ZodType<PropertyKey>, wireSchema(s.valueType as z.ZodType));
  return s;
}

/** An object schema on the wire (see wireSchema), keeping the field order of the engine's view. */
export function wireObject(s: z.ZodObject): WireObject {
  return z.looseObject(Object.fromEntries(Object.entries(s.shape).map(([k, v]) => [snakeKey(k), wireSchema(v as z.ZodType)])));
}
