import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readBody } from "~/http/api.server";
import { jobIdParam, methodNotAllowed, requireJobsApi } from "~/models/jobs/jobs-api.server";
import { TEXT_MAX } from "~/models/jobs/jobs.schema";
import { updateVisitDescription } from "~/models/jobs/jobs.server";
import { checkbox } from "~/utils/validation";

const bodySchema = z.object({
  affectSubscription: checkbox().default(false),
  servicePlanVisitDescription: z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string().trim().max(TEXT_MAX)),
});

/** PUT /api/jobs/{id}/visit-description {affectSubscription, servicePlanVisitDescription}: this visit, or all open visits of its series. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  if (request.method !== "PUT") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const input = parseOr400(bodySchema, await readBody(request));
  const done = await updateVisitDescription(ctx, id, { affectSubscription: input.affectSubscription, servicePlanVisitDescription: input.servicePlanVisitDescription || null });
  return done ? json({ data: { id } }) : apiNotFound();
}
