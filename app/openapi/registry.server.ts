import { extendZodWithOpenApi, OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

/** One registry for the whole API; each area registers its calls in app/openapi/<area>.server.ts. */
export const registry = new OpenAPIRegistry();

type Call = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Path under /api with {param} placeholders, e.g. /customers/{id}. */
  path: string;
  tag: string;
  summary: string;
  /** Who may call it, in words (e.g. "office staff, company admin, super admin"). */
  access: string;
  params?: z.AnyZodObject;
  query?: z.AnyZodObject;
  body?: z.ZodTypeAny;
  multipart?: z.ZodTypeAny;
  response?: z.ZodTypeAny;
  responseDescription?: string;
  /** The success status: 201 for calls that create something. */
  status?: 200 | 201;
  /** Spends an attempt of a rate limit (app/services/rate-limits.server.ts): may answer 429. */
  rateLimited?: boolean;
};

const errorSchema = z.object({ message: z.string().optional(), errors: z.record(z.string()).optional(), exceptionType: z.string().optional() });

export function registerCall(call: Call) {
  registry.registerPath({
    method: call.method,
    path: `/api${call.path}`,
    tags: [call.tag],
    summary: call.summary,
    description: `Access: ${call.access}.`,
    request: {
      params: call.params,
      query: call.query,
      body: call.body
        ? { content: { "application/json": { schema: call.body } } }
        : call.multipart
          ? { content: { "multipart/form-data": { schema: call.multipart } } }
          : undefined,
    },
    responses: {
      [call.status ?? 200]: { description: call.responseDescription ?? (call.status === 201 ? "Created" : "Success"), content: call.response ? { "application/json": { schema: call.response } } : undefined },
      400: { description: "Validation failed: {message} or {errors: {field: message}}", content: { "application/json": { schema: errorSchema } } },
      401: { description: "Not signed in and no valid API key" },
      403: { description: "Role, plan feature or application feature missing" },
      404: { description: "Not found, or another company's record: {exceptionType: \"not_found\"}" },
      ...(call.rateLimited ? { 429: { description: "Too many attempts: {message}, with Retry-After in seconds", content: { "application/json": { schema: errorSchema } } } } : {}),
    },
  });
}
