import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, apiNotFound, dataOr404, parseOr400, recordIdParam, requireApiAccess } from "~/http/api.server";
import { templateBodySchema } from "~/models/templates/templates.schema";
import { deleteTemplate, getTemplate, templateJson, updateTemplate } from "~/models/templates/templates.server";
import { screens } from "~/access/route-table";

/** GET /api/templates/{id} → {data: {id, entityType, name, data, attachments}}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.templates.list);
  const template = await getTemplate(ctx, recordIdParam(params.id));
  return json({ data: template ? templateJson(template) : apiNotFound() });
}

/** PUT /api/templates/{id} (the whole template, as POST); DELETE /api/templates/{id} → {data: {id}}. */
export const action = apiAction(screens.templates.list, {
  PUT: async ({ ctx, id, body }) => {
    const input = parseOr400(templateBodySchema, await body());
    if (!(await updateTemplate(ctx, id(), input))) return apiNotFound();
    return dataOr404(templateJson((await getTemplate(ctx, id()))!));
  },
  DELETE: async ({ ctx, id }) => dataOr404((await deleteTemplate(ctx, id())) && { id: id() }),
});
