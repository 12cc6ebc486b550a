import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { optionalAccess } from "~/access/access.server";
import { logOut } from "~/access/account-sessions.server";
import { screens } from "~/access/route-table";

// Signing out changes state, so only a POST does it; a GET (a link, a prefetch) goes home.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.logout);
  return redirect("/");
}

/** Log out: the session row dies, the cookie is cleared, then the sign-in page. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.logout);
  return redirect("/login", { headers: { "Set-Cookie": await logOut(request) } });
}
