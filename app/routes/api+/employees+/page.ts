import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, readPaging, readQuery, requireApiAccessFor } from "~/http/api.server";
import { pageEmployees } from "~/models/employees/employees.server";

/** GET /api/employees/page?pageNumber&pageSize&sortSettings[0].fieldName&searchQuery → {items, total, pageNumber, pageSize}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/employees");
  const query = readQuery(request);
  const paging = readPaging(query);
  const { items, total } = await pageEmployees(ctx, paging, typeof query.searchQuery === "string" ? query.searchQuery : undefined);
  return json(pageResult(items, total, paging));
}
