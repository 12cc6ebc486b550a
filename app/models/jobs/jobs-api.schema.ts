import { z } from "zod";
import { idList } from "~/http/query-schemas";
import { TEXT_MAX } from "~/models/jobs/jobs.schema";
import { checkbox } from "~/utils/validation";

// Requests of the jobs API that no screen form shares; the routes parse with these and the
// OpenAPI document registers the same objects (app/openapi/jobs.server.ts).

/** GET /api/jobs/page filters (besides paging); type filters by job status. */
export const jobsPageFiltersSchema = z.object({
  searchQuery: z.string().max(200).optional(),
  tags: idList,
  type: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(7).optional()),
});

/** DELETE /api/jobs/{id}?affectRecurrence: 0 only this, 1 this and following, 2 all (true is 2, false 0). */
export const jobDeleteQuerySchema = z.object({
  affectRecurrence: z.preprocess(
    (v) => (v === "" || v === "false" ? 0 : v === "true" ? 2 : v),
    z.coerce.number().int().min(0).max(2).default(0),
  ),
});

/** PUT /api/jobs/{id}/employees: {employeeIds} or the list itself. */
export const jobEmployeesSchema = z.object({ employeeIds: idList });

/** DELETE /api/jobs/{id}/segment: {segmentId} (or {id}). */
export const segmentIdSchema = z.object({
  segmentId: z.coerce.number({ invalid_type_error: "Segment Id is required" }).int().positive("Segment Id is required"),
});

/** PUT /api/jobs/{id}/visit-description. */
export const visitDescriptionSchema = z.object({
  affectSubscription: checkbox().default(false),
  servicePlanVisitDescription: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string().trim().max(TEXT_MAX),
  ),
});

/** DELETE /api/jobs/attachment. */
export const jobAttachmentDeleteSchema = z.object({
  jobId: z.coerce.number().int().positive(),
  fileUrl: z.string().min(1, "File Url is required").max(1000),
});

/** POST /api/jobs/createJobForEvent?jobId&start&end. */
export const createJobForEventQuerySchema = z.object({
  jobId: z.coerce.number().int().positive(),
  start: z.coerce.date(),
  end: z.coerce.date().optional(),
});

/** GET /api/jobs/tags?name: job tags whose name starts with it. */
export const jobTagsQuerySchema = z.object({ name: z.string().max(100).default("") });
