import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownload, requireApiAccess } from "~/http/api.server";
import { exportUsersCsv } from "~/models/employees/employees.server";
import { screens } from "~/access/route-table";

/** GET /api/users/exportUsers: the company's users as a CSV download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.employees.list);
  return csvDownload(await exportUsersCsv(ctx), "users.csv");
}
