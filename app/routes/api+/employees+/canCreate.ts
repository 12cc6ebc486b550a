import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccessFor } from "~/http/api.server";
import { canCreateEmployee } from "~/models/employees/employees.server";

/** GET /api/employees/canCreate → {canCreate, employeeCount, employeeLimit, message}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, company } = await requireApiAccessFor(request, "/employees");
  return json(await canCreateEmployee(ctx, company.employeeLimit));
}
