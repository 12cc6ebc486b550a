import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { templateBodySchema } from "~/models/templates/templates.schema";
import { createTemplate } from "~/models/templates/templates.server";
import { screens } from "~/access/route-table";

/** POST /api/templates {entityType, name, data} → 201 {data: {id}}. */
export const action = apiAction(screens.templates.list, {
  POST: async ({ ctx, body }) =>
    dataOr404(await createTemplate(ctx, parseOr400(templateBodySchema, await body())), 201),
});
