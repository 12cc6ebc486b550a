import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, optionalApiAccess } from "~/http/api.server";
import {
  findPublicChecklist,
  publicChecklistFile,
  publicFileResponse,
} from "~/models/checklists/public-checklists.server";
import { screens } from "~/access/route-table";

/** GET /api/estimates/public-checklist/{companyId}/{estimateId}/{token}/files/{itemKey}/{index} (open): a photo or signature of the checklist. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.publicChecklists.estimate);
  const checklist = await findPublicChecklist({ ...params, entityType: "estimate", recordId: params.estimateId });
  const file = checklist && (await publicChecklistFile(checklist, params.itemKey ?? "", params.index ?? ""));
  return file ? publicFileResponse(file) : apiNotFound();
}
