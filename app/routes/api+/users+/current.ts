import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { currentUser } from "~/models/accounts/accounts.server";
import { getQuickBooksInfo } from "~/models/quickbooks/connection.server";
import { requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/users/current: the Current user entity of the spec. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireApiAccess({ request, context }, screens.home);
  return json(currentUser(access, await getQuickBooksInfo(access.company.id)));
}
