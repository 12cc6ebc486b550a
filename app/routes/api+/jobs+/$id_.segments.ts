import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { jobIdParam, methodNotAllowed } from "~/models/jobs/jobs-api.server";
import { segmentSchema } from "~/models/jobs/jobs.schema";
import { addSegment, listSegments } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/{id}/segments → {data: [{id, name, position}]}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  return json({ data: (await listSegments(ctx, jobIdParam(params.id))) ?? apiNotFound() });
}

/** POST /api/jobs/{id}/segments {name} → 201 {data: {id, name, position}}. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "POST") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const { name } = parseOr400(segmentSchema, await readBody(request));
  const segment = await addSegment(ctx, id, name);
  return segment ? json({ data: segment }, { status: 201 }) : apiNotFound();
}
