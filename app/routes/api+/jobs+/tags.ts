import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseOr400, readQuery } from "~/http/api.server";
import { requireJobsApi } from "~/models/jobs/jobs-api.server";
import { searchJobTags } from "~/models/jobs/jobs.server";

const querySchema = z.object({ name: z.string().max(100).default("") });

/** GET /api/jobs/tags?name → {data: [{id, name}]}: job tags starting with name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  const { name } = parseOr400(querySchema, readQuery(request));
  return json({ data: await searchJobTags(ctx, name) });
}
