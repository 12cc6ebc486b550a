import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, recordIdParam, requireApiAccess } from "~/http/api.server";
import { answerFromApi, checklistForApi, requireApiChecklist } from "~/routes/api+/__checklists-api.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/{id}/checklist/{checklistId} → {data: checklist}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.checklists.job);
  const record = { jobId: recordIdParam(params.id) };
  return json({ data: checklistForApi(await requireApiChecklist(ctx, record, recordIdParam(params.checklistId))) });
}

/** PUT /api/jobs/{id}/checklist/{checklistId} (multipart answers) → {data: checklist}. */
export const action = apiAction(screens.checklists.job, {
  PUT: ({ ctx, id, request }) => answerFromApi(request, ctx, { jobId: id() }, id("checklistId")),
});
