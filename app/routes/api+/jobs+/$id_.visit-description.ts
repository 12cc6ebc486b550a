import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { jobIdParam, methodNotAllowed } from "~/models/jobs/jobs-api.server";
import { visitDescriptionSchema } from "~/models/jobs/jobs-api.schema";
import { updateVisitDescription } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/{id}/visit-description {affectSubscription, servicePlanVisitDescription}: this visit, or all open visits of its series. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "PUT") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const input = parseOr400(visitDescriptionSchema, await readBody(request));
  const done = await updateVisitDescription(ctx, id, {
    affectSubscription: input.affectSubscription,
    servicePlanVisitDescription: input.servicePlanVisitDescription || null,
  });
  return done ? json({ data: { id } }) : apiNotFound();
}
