import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody } from "~/models/api.server";
import { methodNotAllowed, requireJobsApi, withJobRules } from "~/models/jobs-api.server";
import { undoStatusSchema } from "~/models/jobs.schema";
import { undoJobStatus } from "~/models/jobs.server";

/** PUT /api/jobs/undo {id, statusClicked} → {data: {id, status}}: reverts the last status change. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  if (request.method !== "PUT") return methodNotAllowed();
  const input = parseOr400(undoStatusSchema, await readBody(request));
  return withJobRules(async () => json({ data: (await undoJobStatus(ctx, input)) ?? apiNotFound() }));
}
