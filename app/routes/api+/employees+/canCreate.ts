import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/models/api.server";
import { canCreateEmployee } from "~/models/employees.server";
import { MANAGER_ROLES } from "~/models/roles";

/** GET /api/employees/canCreate → {canCreate, employeeCount, employeeLimit, message}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, company } = await requireApiAccess(request, { roles: MANAGER_ROLES });
  return json(await canCreateEmployee(ctx, company.employeeLimit));
}
