import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess } from "~/models/api.server";
import { ALL_ROLES } from "~/models/roles";
import { tagTypeQuerySchema } from "~/models/tags.schema";
import { listTags } from "~/models/tags.server";

/** GET /api/tags/by-type?type=0 → {data: [{id, label}]}, the lookup shape of the tag pickers. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: ALL_ROLES });
  const { type } = parseOr400(tagTypeQuerySchema, readQuery(request));
  return json({ data: await listTags(ctx, type) });
}
