import { json, type ActionFunctionArgs } from "@remix-run/node";
import { logOut } from "~/access/account-sessions.server";
import { optionalApiAccess, methodNotAllowed } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** POST /api/account/logout: the session row dies and the cookie is cleared. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.logout);
  if (request.method !== "POST") return methodNotAllowed();
  return json({}, { headers: { "Set-Cookie": await logOut(request) } });
}
