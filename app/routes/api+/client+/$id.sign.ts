import type { ActionFunctionArgs } from "@remix-run/node";
import { screens } from "~/access/route-table";
import {
  dataOr404,
  methodNotAllowed,
  optionalApiAccess,
  parseOr400,
  readBody,
  withRuleErrors,
} from "~/http/api.server";
import { estimateApproveSchema } from "~/models/estimates/estimate-approval.schema";
import { answerEstimate, publicEstimateJson } from "~/models/estimates/estimate-approval.server";

/**
 * POST /api/client/{token}/sign {optionId, approvedLineItemIds, name, signature?} → {data: the
 * estimate's public view}: the customer approves a sent estimate. Public, like the approval page it
 * mirrors (named by its entry): {id} is the estimate's unguessable public token, never its number.
 * An unknown token answers 404; an estimate not sent or already answered, or a choice that is not
 * the estimate's, 400.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.estimateDetails);
  if (request.method !== "POST") return methodNotAllowed();
  return withRuleErrors(async () => {
    const input = parseOr400(estimateApproveSchema, await readBody(request));
    const answered = await answerEstimate(params.id ?? "", { kind: "approve", input });
    return dataOr404(answered && publicEstimateJson(answered));
  });
}
