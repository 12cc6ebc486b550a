import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, idList, parseOr400, readBody } from "~/http/api.server";
import { jobIdParam, methodNotAllowed, requireJobsApi, withJobRules } from "~/models/jobs/jobs-api.server";
import { assignEmployees } from "~/models/jobs/jobs.server";

const bodySchema = z.object({ employeeIds: idList });

/** PUT /api/jobs/{id}/employees {employeeIds} (or a bare array of ids) → {data: {id, employeeIds}}. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  if (request.method !== "PUT") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const body = await readBody(request);
  const { employeeIds } = parseOr400(bodySchema, Array.isArray(body) ? { employeeIds: body } : body);
  return withJobRules(async () => ((await assignEmployees(ctx, id, employeeIds)) ? json({ data: { id, employeeIds } }) : apiNotFound()));
}
