import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess, searchQuerySchema } from "~/http/api.server";
import { searchEmployees } from "~/models/employees/employees.server";
import { screens } from "~/access/route-table";

/** GET /api/employees/search?searchQuery → {data: [employee]}: up to 20 matches by name, email or phone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.employees.list);
  const { searchQuery } = parseOr400(searchQuerySchema, readQuery(request));
  return json({ data: await searchEmployees(ctx, searchQuery?.slice(0, 100)) });
}
