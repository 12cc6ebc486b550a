import { json, type ActionFunctionArgs } from "@remix-run/node";
import { logOut } from "~/models/accounts/account-sessions.server";

/** POST /api/account/logout: the session row dies and the cookie is cleared. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  return json({}, { headers: { "Set-Cookie": await logOut(request) } });
}
