import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { idList, pageResult, parseOr400, readPaging, readQuery } from "~/http/api.server";
import { requireCustomerApi } from "~/models/customers/customers-api.server";
import { listCustomersPage } from "~/models/customers/customers.server";
import { z } from "zod";

const filtersSchema = z.object({ tagIds: idList, excludeTagIds: idList, searchQuery: z.string().max(200).optional() });

/**
 * GET /api/customers/page?pageNumber&pageSize&sortSettings[0].fieldName&sortSettings[0].descending
 * &tagIds[0]&excludeTagIds[0]&searchQuery → {items, total, pageNumber, pageSize, totalIsCapped}.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  const query = readQuery(request);
  const paging = readPaging(query);
  const filters = parseOr400(filtersSchema, query);
  const sort = paging.sortSettings[0];
  const page = await listCustomersPage(ctx, { ...paging, ...filters, sortField: sort?.fieldName, descending: sort?.descending });
  return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
}
