import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { methodNotAllowed, withJobRules } from "~/models/jobs/jobs-api.server";
import { undoStatusSchema } from "~/models/jobs/jobs.schema";
import { undoJobStatus } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/undo {id, statusClicked} → {data: {id, status}}: reverts the last status change. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "PUT") return methodNotAllowed();
  const input = parseOr400(undoStatusSchema, await readBody(request));
  return withJobRules(async () => json({ data: (await undoJobStatus(ctx, input)) ?? apiNotFound() }));
}
