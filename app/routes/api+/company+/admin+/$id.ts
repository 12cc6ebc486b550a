import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getCompanyDetails } from "~/models/admin/admin-panel.server";
import { apiNotFound, requireApiAccessFor } from "~/http/api.server";

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/company/admin/{id}: a company with plan, subscription, feature flags and users (super admin). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/admin-panel");
  const { id } = paramsSchema.safeParse(params).data ?? apiNotFound();
  return json((await getCompanyDetails(ctx, id)) ?? apiNotFound());
}
