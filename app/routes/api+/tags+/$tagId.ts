import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, requireApiAccess } from "~/http/api.server";
import { deleteTag } from "~/models/company/tags.server";
import { screens } from "~/access/route-table";

/** DELETE /api/tags/{tagId}: detaches the tag from its records and deletes it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.tags);
  if (request.method !== "DELETE") return json({ message: "Method not allowed" }, { status: 405 });
  const id = z.coerce.number().int().positive().safeParse(params.tagId);
  if (!id.success || !(await deleteTag(ctx, id.data))) return apiNotFound();
  return json({ data: { id: id.data } });
}
