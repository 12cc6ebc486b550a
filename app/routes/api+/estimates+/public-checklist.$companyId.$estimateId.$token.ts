import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, optionalApiAccess } from "~/http/api.server";
import { findPublicChecklist, publicChecklistView } from "~/models/checklists/public-checklists.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/estimates/public-checklist/{companyId}/{estimateId}/{token} (open) → {data}: the checklist as its
 * customer reads it, answers without storage keys. 404 unless every segment matches; never cached.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.publicChecklists.estimate);
  const checklist = await findPublicChecklist({ ...params, entityType: "estimate", recordId: params.estimateId });
  if (!checklist) return apiNotFound();
  return json({ data: publicChecklistView(checklist) }, { headers: { "Cache-Control": "private, no-store" } });
}
