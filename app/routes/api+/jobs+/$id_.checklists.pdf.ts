import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, recordIdParam, requireApiAccess } from "~/http/api.server";
import { checklistsPdf } from "~/models/checklists/checklist-documents.server";
import { pdfResponse } from "~/services/pdf/document-pdf.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/{id}/checklists/pdf → every checklist of the job in one application/pdf (inline). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.checklists.job);
  const found = await checklistsPdf(ctx, { jobId: recordIdParam(params.id) });
  return found ? pdfResponse(found.pdf, found.fileName) : apiNotFound();
}
