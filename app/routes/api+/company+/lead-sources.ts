import { parseOr400 } from "~/http/api.server";
import { listRecordsLoader, saveRecordAction } from "~/http/company-record-api.server";
import { createLeadSource, listLeadSources, renameLeadSource } from "~/models/company/lead-sources.server";
import { createLeadSourceSchema, renameLeadSourceSchema } from "~/models/company/tags.schema";
import { screens } from "~/access/route-table";

/** GET /api/company/lead-sources → {data: [{id, name}]}. */
export const loader = listRecordsLoader(screens.settings.leadSources, listLeadSources);

/** POST {name} creates; PUT {id, name} renames. */
export const action = saveRecordAction(screens.settings.leadSources, {
  POST: (ctx, body) => createLeadSource(ctx, parseOr400(createLeadSourceSchema, body)),
  PUT: (ctx, body) => renameLeadSource(ctx, parseOr400(renameLeadSourceSchema, body)),
});
