/**
 * Request parsing with the shared zod mapping of src/schema/validation.ts, so the server's field
 * errors carry the same message keys the admin's forms use.
 */
import type { z } from 'zod';
import type { Entity } from '../../src/schema/engine/entity';
import { validate } from '../../src/schema/validation';
import { validationFailed } from './errors';

/**
 * The parsed value, or a thrown 400 validation error listing every bad field. With the `entity`
 * the schema was built from, length errors name both declared bounds, as the forms show them.
 */
export const parseWith = <T>(schema: z.ZodType<T>, input: unknown, entity?: Entity): T => {
  const result = validate(schema, input ?? {}, entity);
  if (!result.ok) throw validationFailed(result.errors);
  return result.value;
};
