import { json, type ActionFunctionArgs } from "@remix-run/node";
import { signInSession } from "~/access/account-sessions.server";
import { verifyCodeSchema } from "~/models/accounts/accounts.schema";
import { currentUser, signInWithCode } from "~/models/accounts/accounts.server";
import { parseOr400, readBody, optionalApiAccess, methodNotAllowed } from "~/http/api.server";
import { clientAddress, RateLimited, tooManyAttempts } from "~/services/rate-limits.server";
import { screens } from "~/access/route-table";

/** POST /api/account/verify-code {email, password, code}: signs in after the two-factor code. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.auth.login);
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(verifyCodeSchema, await readBody(request));
  try {
    const result = await signInWithCode({ ...input, address: clientAddress(context) });
    if ("error" in result) return json({ message: result.error }, { status: 400 });
    const { cookie, access } = await signInSession(request, result.user.id);
    return json({ ...currentUser(access), needTwoFactorAuthentication: false }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts(error);
    throw error;
  }
}
