import { deleteRecordAction } from "~/http/company-record-api.server";
import { deleteTag } from "~/models/company/tags.server";
import { screens } from "~/access/route-table";

/** DELETE /api/tags/{tagId}: detaches the tag from its records and deletes it. */
export const action = deleteRecordAction(screens.settings.tags, "tagId", deleteTag);
