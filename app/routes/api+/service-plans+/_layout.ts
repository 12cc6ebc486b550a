import { json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  apiAction,
  dataOr404,
  pageResult,
  parseOr400,
  readPaging,
  readQuery,
  requireApiAccess,
} from "~/http/api.server";
import { servicePlanSchema, servicePlansPageFiltersSchema } from "~/models/service-plans/plans.schema";
import { createServicePlan, findServicePlanForApi, listServicePlansPage } from "~/models/service-plans/plans.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/service-plans?pageNumber&pageSize&sortSettings[0].fieldName (name, createdAt)&searchQuery&show
 * (offered, archived, all) → {items, total, pageNumber, pageSize, totalIsCapped}.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.servicePlans.offered);
  const query = readQuery(request);
  const paging = readPaging(query);
  const filters = parseOr400(servicePlansPageFiltersSchema, query);
  const page = await listServicePlansPage(ctx, { paging, ...filters });
  return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
}

/** POST /api/service-plans with the plan, its visits and their lines → 201 {data: plan}. */
export const action = apiAction(screens.servicePlans.offered, {
  POST: async ({ ctx, body }) => {
    const input = parseOr400(servicePlanSchema, await body());
    const { id } = await createServicePlan(ctx, input);
    return dataOr404(await findServicePlanForApi(ctx, id), 201);
  },
});
