import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import {
  createLeadSource,
  LeadSourceNameTakenError,
  listLeadSources,
  renameLeadSource,
} from "~/models/company/lead-sources.server";
import { createLeadSourceSchema, renameLeadSourceSchema } from "~/models/company/tags.schema";
import { screens } from "~/access/route-table";

/** GET /api/company/lead-sources → {data: [{id, name}]}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.leadSources);
  return json({ data: await listLeadSources(ctx) });
}

/** POST {name} creates; PUT {id, name} renames. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.leadSources);
  try {
    if (request.method === "POST") {
      const input = parseOr400(createLeadSourceSchema, await readBody(request));
      return json({ data: await createLeadSource(ctx, input) }, { status: 201 });
    }
    if (request.method === "PUT") {
      const input = parseOr400(renameLeadSourceSchema, await readBody(request));
      return json({ data: (await renameLeadSource(ctx, input)) ?? apiNotFound() });
    }
  } catch (error) {
    if (error instanceof LeadSourceNameTakenError) return json({ errors: { name: error.message } }, { status: 400 });
    throw error;
  }
  return json({ message: "Method not allowed" }, { status: 405 });
}
