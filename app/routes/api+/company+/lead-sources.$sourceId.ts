import { deleteRecordAction } from "~/http/company-record-api.server";
import { deleteLeadSource } from "~/models/company/lead-sources.server";
import { screens } from "~/access/route-table";

/** DELETE /api/company/lead-sources/{sourceId}: customers keep their record and lose the source. */
export const action = deleteRecordAction(screens.settings.leadSources, "sourceId", deleteLeadSource);
