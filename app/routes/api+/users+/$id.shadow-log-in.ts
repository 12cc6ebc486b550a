import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { accessFromCookie, ShadowLogInError, startShadowLogIn } from "~/models/account-sessions.server";
import { currentUser } from "~/models/accounts.server";
import { apiNotFound, parseOr400, requireApiAccess } from "~/models/api.server";
import { SUPER_ADMIN_ONLY } from "~/models/roles";

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/users/{id}/shadow-log-in: the super admin acts as this user (of any company). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireApiAccess(request, { roles: SUPER_ADMIN_ONLY });
  const { id } = parseOr400(paramsSchema, params);
  try {
    const cookie = (await startShadowLogIn(request, access, id)) ?? apiNotFound();
    const shadow = (await accessFromCookie(cookie)) ?? apiNotFound();
    return json(currentUser(shadow), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof ShadowLogInError) return json({ message: error.message }, { status: 400 });
    throw error;
  }
}
