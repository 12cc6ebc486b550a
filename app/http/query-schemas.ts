import { z } from "zod";

// Query shapes shared by the API routes and the OpenAPI document (no server code: domain schema
// modules import them too).

export const sortSettingSchema = z.object({
  fieldName: z.string().max(64),
  descending: z.preprocess((v) => v === true || v === "true", z.boolean()).default(false),
});

/** Paging of the spec: 1-based pageNumber, pageSize up to 10000, sortSettings. */
export const pagingSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1).describe("1-based, default 1"),
  pageSize: z.coerce.number().int().min(1).max(10000).default(10).describe("Default 10, at most 10000"),
  sortSettings: z
    .array(sortSettingSchema)
    .max(5)
    .default([])
    .describe(
      "Sent as sortSettings[0].fieldName=name&sortSettings[0].descending=true; also accepted under paging. or pagingSettings.",
    ),
});
export type Paging = z.infer<typeof pagingSchema>;

/** Wraps an array-or-single query value into an array of numbers ("1,2", [1, 2] or tagIds[0]=1). */
export const idList = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : String(v).split(",")),
  z.array(z.coerce.number().int().positive()),
);

/** A free-text search of a list (a repeated or missing one is no search). */
export const searchQuerySchema = z.object({
  searchQuery: z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().optional()),
});

/** A path or query id. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
