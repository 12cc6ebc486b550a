import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, requireApiAccessFor } from "~/http/api.server";
import { deleteLeadSource } from "~/models/company/lead-sources.server";

/** DELETE /api/company/lead-sources/{sourceId}: customers keep their record and lose the source. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/settings/lead-sources");
  if (request.method !== "DELETE") return json({ message: "Method not allowed" }, { status: 405 });
  const id = z.coerce.number().int().positive().safeParse(params.sourceId);
  if (!id.success || !(await deleteLeadSource(ctx, id.data))) return apiNotFound();
  return json({ data: { id: id.data } });
}
