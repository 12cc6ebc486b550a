import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, recordIdParam, requireApiAccess } from "~/http/api.server";
import { checklistsPdf } from "~/models/checklists/checklist-documents.server";
import { pdfResponse } from "~/services/pdf/document-pdf.server";
import { screens } from "~/access/route-table";

/** GET /api/estimates/{id}/checklists/pdf → every checklist of the estimate in one application/pdf (inline). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.checklists.estimate);
  const found = await checklistsPdf(ctx, { estimateId: recordIdParam(params.id) });
  return found ? pdfResponse(found.pdf, found.fileName) : apiNotFound();
}
