import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { methodNotAllowed, requireActiveSubscription, withJobRules } from "~/models/jobs/jobs-api.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** POST /api/jobs with the job fields → 201 {data: {id, publicToken}}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "POST") return methodNotAllowed();
  requireActiveSubscription(access);
  const input = parseOr400(jobCreateSchema, await readBody(request));
  return withJobRules(async () => json({ data: await createJob(access.ctx, input) }, { status: 201 }));
}
