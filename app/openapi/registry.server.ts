import { extendZodWithOpenApi, OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { pagingSchema } from "~/http/query-schemas";

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
  // Request schemas: the very objects the route parses with (parseOr400), never a copy; the
  // contract test (tests/unit/openapi-contract.test.ts) compares them by identity.
  params?: z.AnyZodObject;
  query?: z.AnyZodObject;
  /** The route reads pagingSchema too (readPaging): documented beside `query`. */
  paging?: boolean;
  /** The JSON body; a list when the route parses the same body with each schema in turn. */
  body?: z.ZodTypeAny | [z.ZodTypeAny, z.ZodTypeAny];
  /** File fields of a call that also takes its body as multipart form data (with the files). */
  files?: z.AnyZodObject;
  /** A file upload's form fields (documented only: the files are checked by content, not by zod). */
  multipart?: z.ZodTypeAny;
  response?: z.ZodTypeAny;
  responseDescription?: string;
  /** The success status: 201 for calls that create something. */
  status?: 200 | 201;
  /** Spends an attempt of a rate limit (app/services/rate-limits.server.ts): may answer 429. */
  rateLimited?: boolean;
};

/** A stored file as the attachment calls answer it; customers name its size `size`, jobs `sizeBytes`. */
export const attachmentSchema = (sizeField: "size" | "sizeBytes") =>
  z.object({
    id: z.number().int(),
    fileUrl: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    [sizeField]: z.number().int(),
    createdAt: z.string(),
  });

/** One page of a list call: its rows, how many there are and where the page stands. */
export const pageOf = (item: z.ZodTypeAny) =>
  z.object({ items: z.array(item), total: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int() });

/** The `{ data }` envelope most calls answer in. */
export const dataOf = (schema: z.ZodTypeAny) => z.object({ data: schema });

/** The form of a job's or an estimate's attachment upload: the record's id field and one file. */
export const attachmentUploadSchema = (idField: "jobId" | "estimateId") =>
  z.object({
    [idField]: z.number().int(),
    files: z.string().openapi({
      format: "binary",
      description:
        "One file per call. Images jpeg, jpg, gif, png up to 10 MB; videos mp4, webm, mov, mkv up to 50 MB; documents odt, ods, doc, docx, pdf, txt, xlsx, xls up to 10 MB",
    }),
  });

const errorSchema = z.object({
  message: z.string().optional(),
  errors: z.record(z.string()).optional(),
  exceptionType: z.string().optional(),
});

/** Every registered call with its request schemas, for the contract test. */
export const registeredCalls: Call[] = [];

const noFilters = z.object({});

export function registerCall(call: Call) {
  registeredCalls.push(call);
  const body = Array.isArray(call.body) ? z.intersection(...call.body) : call.body;
  registry.registerPath({
    method: call.method,
    path: `/api${call.path}`,
    tags: [call.tag],
    summary: call.summary,
    description: `Access: ${call.access}.`,
    request: {
      params: call.params,
      query: call.paging ? pagingSchema.merge(call.query ?? noFilters) : call.query,
      body: body
        ? {
            content: {
              "application/json": { schema: body },
              ...(call.files ? { "multipart/form-data": { schema: z.intersection(body, call.files) } } : {}),
            },
          }
        : call.multipart
          ? { content: { "multipart/form-data": { schema: call.multipart } } }
          : undefined,
    },
    responses: {
      [call.status ?? 200]: {
        description: call.responseDescription ?? (call.status === 201 ? "Created" : "Success"),
        content: call.response ? { "application/json": { schema: call.response } } : undefined,
      },
      400: {
        description: "Validation failed: {message} or {errors: {field: message}}",
        content: { "application/json": { schema: errorSchema } },
      },
      401: { description: "Not signed in and no valid API key" },
      403: { description: "Role, plan feature or application feature missing" },
      404: { description: 'Not found, or another company\'s record: {exceptionType: "not_found"}' },
      ...(call.rateLimited
        ? {
            429: {
              description: "Too many attempts: {message}, with Retry-After in seconds",
              content: { "application/json": { schema: errorSchema } },
            },
          }
        : {}),
    },
  });
}
