import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listCompanyUsers } from "~/models/accounts/accounts.server";
import { requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/users/get-for-comapny (spelling of the spec): the company's users, by name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.schedule);
  return json(await listCompanyUsers(ctx));
}
