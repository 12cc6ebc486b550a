import type { LoaderFunctionArgs } from "@remix-run/node";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { ReadOnlyChecklistPage, readOnlyHandle, readOnlyHeaders, readOnlyMeta } from "./__public-checklist";
import { readOnlyChecklist } from "./__public-checklist.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.publicChecklists.estimate);
  return readOnlyChecklist({ ...params, entityType: "estimate", recordId: params.estimateId });
}

/** An estimate's checklist as its customer reads it. */
export default ReadOnlyChecklistPage;
export const handle = readOnlyHandle;
export const headers = readOnlyHeaders;
export const meta = readOnlyMeta;
