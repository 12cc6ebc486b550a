import { apiAction, dataOr404, parseOr400, readQuery } from "~/http/api.server";
import { recordLoader } from "~/http/company-record-api.server";
import { findJobForApi } from "~/routes/api+/jobs+/__jobs-api.server";
import { jobDeleteQuerySchema } from "~/models/jobs/jobs-api.schema";
import { jobUpdateSchema, type EditScopeValue } from "~/models/jobs/jobs.schema";
import { deleteJob, getJob, updateJob } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/{id} → {data: job with line items, employees, tags, segments, attachments, payments, timeline, recurrence}. */
export const loader = recordLoader(screens.jobs.list, findJobForApi);

/**
 * PUT /api/jobs/{id} {privateNotes, discount, lineItems, taxRate, message, servicePlanVisitDescription, tags, isAllDay}.
 * DELETE /api/jobs/{id}?affectRecurrence=0|1|2 (only this, this and following, all) → {data: {deletedJobIds}}.
 */
export const action = apiAction(screens.jobs.list, {
  PUT: async ({ ctx, id, body }) => {
    const input = parseOr400(jobUpdateSchema, await body());
    return dataOr404((await updateJob(ctx, id(), input)) && (await getJob(ctx, id())));
  },
  DELETE: async ({ ctx, id, request }) => {
    const { affectRecurrence } = parseOr400(jobDeleteQuerySchema, readQuery(request));
    const deleted = await deleteJob(ctx, id(), affectRecurrence as EditScopeValue);
    return dataOr404(deleted && { deletedJobIds: deleted });
  },
});
