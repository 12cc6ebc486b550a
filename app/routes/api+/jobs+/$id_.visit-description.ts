import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { visitDescriptionSchema } from "~/models/jobs/jobs-api.schema";
import { updateVisitDescription } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/{id}/visit-description {affectSubscription, servicePlanVisitDescription}: this visit, or all open visits of its series. */
export const action = apiAction(screens.jobs.list, {
  PUT: async ({ ctx, id, body }) => {
    const input = parseOr400(visitDescriptionSchema, await body());
    const done = await updateVisitDescription(ctx, id(), {
      affectSubscription: input.affectSubscription,
      servicePlanVisitDescription: input.servicePlanVisitDescription || null,
    });
    return dataOr404(done && { id: id() });
  },
});
