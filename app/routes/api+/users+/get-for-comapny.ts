import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listCompanyUsers } from "~/models/accounts.server";
import { requireApiAccess } from "~/models/api.server";
import { ALL_ROLES } from "~/models/roles";

/** GET /api/users/get-for-comapny (spelling of the spec): the company's users, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: ALL_ROLES });
  return json(await listCompanyUsers(ctx));
}
