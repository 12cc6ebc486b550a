import { parseOr400 } from "~/http/api.server";
import { saveRecordAction } from "~/http/company-record-api.server";
import { createTagSchema, renameTagSchema } from "~/models/company/tags.schema";
import { createTag, renameTag } from "~/models/company/tags.server";
import { screens } from "~/access/route-table";

/** POST /api/tags {name, type} creates; PUT /api/tags {id, name} renames. */
export const action = saveRecordAction(screens.settings.tags, {
  POST: (ctx, body) => createTag(ctx, parseOr400(createTagSchema, body)),
  PUT: (ctx, body) => renameTag(ctx, parseOr400(renameTagSchema, body)),
});
