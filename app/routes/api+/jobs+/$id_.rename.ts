import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody } from "~/http/api.server";
import { jobIdParam, methodNotAllowed, requireJobsApi } from "~/models/jobs/jobs-api.server";
import { renameSchema } from "~/models/jobs/jobs.schema";
import { renameJob } from "~/models/jobs/jobs.server";

/** PUT /api/jobs/{id}/rename {name} → {data: {id, name}}. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  if (request.method !== "PUT") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const { name } = parseOr400(renameSchema, await readBody(request));
  return (await renameJob(ctx, id, name)) ? json({ data: { id, name } }) : apiNotFound();
}
