import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataOr404, parseOr400, readQuery, recordIdParam, requireApiAccess, withRuleErrors } from "~/http/api.server";
import { checklistSendQuerySchema, sendChecklists } from "~/models/checklists/checklist-documents.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/{id}/checklists/send?email= → {data: {email, checklists, links}}: one email with every checklist's link. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.checklists.job);
  const input = parseOr400(checklistSendQuerySchema, readQuery(request));
  return withRuleErrors(async () => dataOr404(await sendChecklists(ctx, { jobId: recordIdParam(params.id) }, input)));
}
