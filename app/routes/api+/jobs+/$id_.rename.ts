import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { jobIdParam, methodNotAllowed } from "~/models/jobs/jobs-api.server";
import { renameSchema } from "~/models/jobs/jobs.schema";
import { renameJob } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/{id}/rename {name} → {data: {id, name}}. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "PUT") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const { name } = parseOr400(renameSchema, await readBody(request));
  return (await renameJob(ctx, id, name)) ? json({ data: { id, name } }) : apiNotFound();
}
