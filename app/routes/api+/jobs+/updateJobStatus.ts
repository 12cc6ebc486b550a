import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { methodNotAllowed, withJobRules } from "~/models/jobs/jobs-api.server";
import { updateJobStatusSchema } from "~/models/jobs/jobs.schema";
import { updateJobStatus } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/updateJobStatus {jobId, status, startDate, notifyCustomer, reason} → {data: {id, status}}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "PUT") return methodNotAllowed();
  const input = parseOr400(updateJobStatusSchema, await readBody(request));
  return withJobRules(async () => json({ data: (await updateJobStatus(ctx, input)) ?? apiNotFound() }));
}
