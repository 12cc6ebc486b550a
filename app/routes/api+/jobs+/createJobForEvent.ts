import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readQuery } from "~/http/api.server";
import { methodNotAllowed, requireJobsApi, withJobRules } from "~/models/jobs/jobs-api.server";
import { createJobForEvent } from "~/models/jobs/jobs.server";

const querySchema = z.object({ jobId: z.coerce.number().int().positive(), start: z.coerce.date(), end: z.coerce.date().optional() });

/** POST /api/jobs/createJobForEvent?jobId&start&end → {data: {id}}: the series visit at start, created beyond the horizon if needed. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(querySchema, readQuery(request));
  return withJobRules(async () => json({ data: (await createJobForEvent(ctx, input)) ?? apiNotFound() }));
}
