import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyPortalSession, requirePortal } from "~/access/portal.server";
import { screens } from "~/access/route-table";
import { portalSignInPath } from "~/models/portal/sessions.server";

/** Ends the portal session (a POST: a link cannot sign anyone out) and goes to the company's sign-in page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const portal = await requirePortal({ request, context }, screens.portal.signOut);
  const { setCookie } = await destroyPortalSession(request);
  return redirect(`${portalSignInPath(portal.companyId)}?signed-out`, { headers: { "Set-Cookie": setCookie } });
}
