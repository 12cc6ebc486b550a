import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getCompanyDetails } from "~/models/admin/admin-panel.server";
import { apiNotFound, requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/company/admin/{id}: a company with plan, subscription, feature flags and users (super admin). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.adminPanel.companies);
  const { id } = paramsSchema.safeParse(params).data ?? apiNotFound();
  return json((await getCompanyDetails(ctx, id)) ?? apiNotFound());
}
