import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { currentUser } from "~/models/accounts/accounts.server";
import { requireApiAccess } from "~/http/api.server";
import { ALL_ROLES } from "~/access/roles";

/** GET /api/users/current: the Current user entity of the spec. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireApiAccess(request, { roles: ALL_ROLES });
  return json(currentUser(access));
}
