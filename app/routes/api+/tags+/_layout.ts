import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { createTagSchema, renameTagSchema } from "~/models/company/tags.schema";
import { createTag, renameTag, TagNameTakenError } from "~/models/company/tags.server";
import { screens } from "~/access/route-table";

/** POST /api/tags {name, type} creates; PUT /api/tags {id, name} renames. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.tags);
  try {
    if (request.method === "POST") {
      const input = parseOr400(createTagSchema, await readBody(request));
      return json({ data: await createTag(ctx, input) }, { status: 201 });
    }
    if (request.method === "PUT") {
      const input = parseOr400(renameTagSchema, await readBody(request));
      return json({ data: (await renameTag(ctx, input)) ?? apiNotFound() });
    }
  } catch (error) {
    if (error instanceof TagNameTakenError) return json({ errors: { name: error.message } }, { status: 400 });
    throw error;
  }
  return json({ message: "Method not allowed" }, { status: 405 });
}
