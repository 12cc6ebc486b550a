import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccessFor } from "~/http/api.server";
import { exportUsersCsv } from "~/models/employees/employees.server";

/** GET /api/users/exportUsers: the company's users as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/employees");
  return new Response(await exportUsersCsv(ctx), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="users.csv"', "Cache-Control": "no-store" },
  });
}
