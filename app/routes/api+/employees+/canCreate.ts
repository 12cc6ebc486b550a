import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccessFor } from "~/models/api.server";
import { canCreateEmployee } from "~/models/employees.server";

/** GET /api/employees/canCreate → {canCreate, employeeCount, employeeLimit, message}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, company } = await requireApiAccessFor(request, "/employees");
  return json(await canCreateEmployee(ctx, company.employeeLimit));
}
