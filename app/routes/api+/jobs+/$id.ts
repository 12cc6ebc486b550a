import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, readQuery, requireApiAccess } from "~/http/api.server";
import { jobForApi, jobIdParam, methodNotAllowed, withJobRules } from "~/models/jobs/jobs-api.server";
import { jobDeleteQuerySchema } from "~/models/jobs/jobs-api.schema";
import { jobUpdateSchema, type EditScopeValue } from "~/models/jobs/jobs.schema";
import { deleteJob, getJob, updateJob } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/{id} → {data: job with line items, employees, tags, segments, attachments, payments, timeline, recurrence}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  const job = await getJob(ctx, jobIdParam(params.id));
  return json({ data: job ? jobForApi(job) : apiNotFound() });
}

/**
 * PUT /api/jobs/{id} {privateNotes, discount, lineItems, taxRate, message, servicePlanVisitDescription, tags, isAllDay}.
 * DELETE /api/jobs/{id}?affectRecurrence=0|1|2 (only this, this and following, all) → {data: {deletedJobIds}}.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  const id = jobIdParam(params.id);
  if (request.method === "PUT") {
    const input = parseOr400(jobUpdateSchema, await readBody(request));
    return withJobRules(async () =>
      (await updateJob(ctx, id, input)) ? json({ data: await getJob(ctx, id) }) : apiNotFound(),
    );
  }
  if (request.method === "DELETE") {
    const { affectRecurrence } = parseOr400(jobDeleteQuerySchema, readQuery(request));
    const deleted = await deleteJob(ctx, id, affectRecurrence as EditScopeValue);
    return deleted ? json({ data: { deletedJobIds: deleted } }) : apiNotFound();
  }
  return methodNotAllowed();
}
