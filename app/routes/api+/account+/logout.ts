import { json, type ActionFunctionArgs } from "@remix-run/node";
import { logOut } from "~/models/accounts/account-sessions.server";
import { optionalApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** POST /api/account/logout: the session row dies and the cookie is cleared. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.logout);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  return json({}, { headers: { "Set-Cookie": await logOut(request) } });
}
