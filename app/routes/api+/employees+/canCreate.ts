import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { canCreateEmployee } from "~/models/employees/employees.server";
import { screens } from "~/access/route-table";

/** GET /api/employees/canCreate → {canCreate, employeeCount, employeeLimit, message}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireApiAccess({ request, context }, screens.employees.list);
  return json(await canCreateEmployee(ctx, company.employeeLimit));
}
