import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { jobIdParam, methodNotAllowed, withJobRules } from "~/models/jobs/jobs-api.server";
import { jobEmployeesSchema } from "~/models/jobs/jobs-api.schema";
import { assignEmployees } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/{id}/employees {employeeIds} (or a bare array of ids) → {data: {id, employeeIds}}. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "PUT") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const body = await readBody(request);
  const { employeeIds } = parseOr400(jobEmployeesSchema, Array.isArray(body) ? { employeeIds: body } : body);
  return withJobRules(async () =>
    (await assignEmployees(ctx, id, employeeIds)) ? json({ data: { id, employeeIds } }) : apiNotFound(),
  );
}
