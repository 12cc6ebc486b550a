import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { accessFromCookie, endShadowLogIn } from "~/access/account-sessions.server";
import { currentUser } from "~/models/accounts/accounts.server";
import { requireApiAccess } from "~/http/api.server";
import { messages } from "~/utils/validation";
import { screens } from "~/access/route-table";

const postOnly = () => json({ message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

// Switching sessions changes state: a GET does nothing.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.stopImpersonating);
  return postOnly();
}

/** POST /api/users/shadow-log-out: back to the super admin's own session; the impersonation log keeps it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireApiAccess({ request, context }, screens.stopImpersonating);
  if (request.method !== "POST") return postOnly();
  const back = await endShadowLogIn(request, access);
  if (!back) return json({ message: "You are not acting as another user" }, { status: 400 });
  const own = back.signedIn ? await accessFromCookie(back.cookie) : null;
  if (!own) return json({ message: messages.loggedOut }, { status: 401, headers: { "Set-Cookie": back.cookie } });
  return json(currentUser(own), { headers: { "Set-Cookie": back.cookie } });
}
