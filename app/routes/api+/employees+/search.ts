import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { readQuery, requireApiAccess } from "~/models/api.server";
import { searchEmployees } from "~/models/employees.server";
import { MANAGER_ROLES } from "~/models/roles";

/** GET /api/employees/search?searchQuery → {data: [employee]}: up to 20 matches by name, email or phone. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: MANAGER_ROLES });
  const { searchQuery } = readQuery(request);
  return json({ data: await searchEmployees(ctx, typeof searchQuery === "string" ? searchQuery.slice(0, 100) : undefined) });
}
