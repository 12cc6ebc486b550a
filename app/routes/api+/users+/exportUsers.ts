import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { exportUsersCsv } from "~/models/employees/employees.server";
import { screens } from "~/access/route-table";

/** GET /api/users/exportUsers: the company's users as a CSV download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.employees.list);
  return new Response(await exportUsersCsv(ctx), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="users.csv"',
      "Cache-Control": "no-store",
    },
  });
}
