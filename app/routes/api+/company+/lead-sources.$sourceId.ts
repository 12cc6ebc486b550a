import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, requireApiAccess } from "~/http/api.server";
import { deleteLeadSource } from "~/models/company/lead-sources.server";
import { screens } from "~/access/route-table";

/** DELETE /api/company/lead-sources/{sourceId}: customers keep their record and lose the source. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.leadSources);
  if (request.method !== "DELETE") return json({ message: "Method not allowed" }, { status: 405 });
  const id = z.coerce.number().int().positive().safeParse(params.sourceId);
  if (!id.success || !(await deleteLeadSource(ctx, id.data))) return apiNotFound();
  return json({ data: { id: id.data } });
}
