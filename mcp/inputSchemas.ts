/**
 * The input schemas the request tools share (validate_request, try_in_local_sandbox, get_operation): each an
 * explicit JSON type, which every MCP client takes.
 */
import { z } from 'zod';

/** A number or a boolean as the text a URL would carry; anything else as it came (the schema then refuses it). */
const textOf = (value: unknown) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);

/**
 * A request body as an assistant passes it: a JSON object, or its JSON text (parsed here). Every body of the
 * API is an object. The input schema says `type: object` with `additionalProperties: true`: an explicit JSON
 * type, no `{}` schema and no `type` array, which every client takes (Gemini's function declarations refuse
 * the others; the Inspector's `--strict` warns of them).
 */
export const bodySchema = z
  .preprocess(
    (value, ctx) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `The body is not JSON (${error instanceof Error ? error.message : String(error)}). Pass it as a JSON object, or as its JSON text.`,
        });
        return z.NEVER;
      }
    },
    z.record(z.string(), z.unknown(), { error: 'The body is a JSON object (every body of the API is one), or its JSON text.' }).meta({
      additionalProperties: true,
    }),
  )
  .optional()
  .describe('The JSON body of the request: an object, or its JSON text.');

/** Query values as strings (a repeated name as a list of strings); a number or a boolean is taken as its text. */
const queryValue = z.preprocess(
  (value) => (Array.isArray(value) ? value.map(textOf) : textOf(value)),
  z.union([z.string(), z.array(z.string())]),
);
export const querySchema = z
  .record(z.string(), queryValue)
  .optional()
  .describe('Query parameters by name, e.g. {"network_from": "tron", "amount": "100"}; a repeated name as a list of strings.');

export const operationSchema = z
  .string()
  .min(1)
  .max(300)
  .describe('An operationId (createCharge) or a method and path: "POST /charges", "GET /charges/{id}" or a concrete "GET /charges/<id>".');
