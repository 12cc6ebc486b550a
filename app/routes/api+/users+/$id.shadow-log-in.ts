import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { accessFromCookie, ShadowLogInError, startShadowLogIn } from "~/access/account-sessions.server";
import { currentUser } from "~/models/accounts/accounts.server";
import { apiNotFound, idParamsSchema, parseOr400, requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

const postOnly = () => json({ message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

// Switching sessions changes state: a GET (a link, a prefetch, an image tag) does nothing.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.adminPanel.company);
  return postOnly();
}

/** POST /api/users/{id}/shadow-log-in: the super admin acts as this user (of any company); the impersonation log keeps it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireApiAccess({ request, context }, screens.adminPanel.company);
  if (request.method !== "POST") return postOnly();
  const { id } = parseOr400(idParamsSchema, params);
  try {
    const cookie = (await startShadowLogIn(request, access, id)) ?? apiNotFound();
    const shadow = (await accessFromCookie(cookie)) ?? apiNotFound();
    return json(currentUser(shadow), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof ShadowLogInError) return json({ message: error.message }, { status: 400 });
    throw error;
  }
}
