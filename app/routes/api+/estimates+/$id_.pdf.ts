import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, recordIdParam, requireApiAccess } from "~/http/api.server";
import { getEstimate } from "~/models/estimates/estimates.server";
import { estimatePdf } from "~/models/estimates/estimate-pdf.server";
import { pdfResponse } from "~/services/pdf/document-pdf.server";
import { screens } from "~/access/route-table";

/** GET /api/estimates/{id}/pdf → the estimate as application/pdf (inline), with the access and numbers of GET /api/estimates/{id}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.estimates.list);
  const estimate = await getEstimate(ctx, recordIdParam(params.id));
  if (!estimate) return apiNotFound();
  return pdfResponse(await estimatePdf(estimate, ctx.companyId), `estimate-${estimate.number}.pdf`);
}
