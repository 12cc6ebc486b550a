import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { readQuery, requireApiAccessFor } from "~/http/api.server";
import { searchEmployees } from "~/models/employees/employees.server";

/** GET /api/employees/search?searchQuery → {data: [employee]}: up to 20 matches by name, email or phone. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/employees");
  const { searchQuery } = readQuery(request);
  return json({ data: await searchEmployees(ctx, typeof searchQuery === "string" ? searchQuery.slice(0, 100) : undefined) });
}
