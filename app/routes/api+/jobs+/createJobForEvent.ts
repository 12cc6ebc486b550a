import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { methodNotAllowed, withJobRules } from "~/models/jobs/jobs-api.server";
import { createJobForEventQuerySchema } from "~/models/jobs/jobs-api.schema";
import { createJobForEvent } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** POST /api/jobs/createJobForEvent?jobId&start&end → {data: {id}}: the series visit at start, created beyond the horizon if needed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(createJobForEventQuerySchema, readQuery(request));
  return withJobRules(async () => json({ data: (await createJobForEvent(ctx, input)) ?? apiNotFound() }));
}
