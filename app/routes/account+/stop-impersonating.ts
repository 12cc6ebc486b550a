import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/access.server";
import { endShadowLogIn } from "~/access/account-sessions.server";
import { homePathFor } from "~/access/roles";
import { toasts } from "~/sessions.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAccess({ request, context }, screens.stopImpersonating);
  return redirect(homePathFor(user.role));
}

/** "Go back to your account.": ends the shadow log-in, back to the super admin's session and the admin panel. */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.stopImpersonating);
  const back = await endShadowLogIn(request, access);
  if (!back) return redirect(homePathFor(access.user.role));
  if (!back.signedIn) return redirect("/login", { headers: { "Set-Cookie": back.cookie } });
  return toasts().redirectWithSuccess("/admin-panel", "You are back in your own account.", {
    headers: { "Set-Cookie": back.cookie },
  });
}
