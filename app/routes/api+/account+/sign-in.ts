import { json, type ActionFunctionArgs } from "@remix-run/node";
import { signInSession } from "~/access/account-sessions.server";
import { accountMessages, signInApiSchema } from "~/models/accounts/accounts.schema";
import { currentUser, signInWithPassword } from "~/models/accounts/accounts.server";
import { parseOr400, readBody, optionalApiAccess, methodNotAllowed } from "~/http/api.server";
import { clientAddress, RateLimited, tooManyAttempts } from "~/services/rate-limits.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/account/sign-in {email, password}: the current user and the session cookie, or
 * {needTwoFactorAuthentication: true} when a code was emailed (then account/verify-code).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.auth.login);
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(signInApiSchema, await readBody(request));
  try {
    const outcome = await signInWithPassword({
      email: input.email,
      password: input.password,
      address: clientAddress(context),
    });
    if (outcome.kind === "invalid") return json({ message: accountMessages.invalidCredentials }, { status: 400 });
    if (outcome.kind === "twoFactor") return json({ needTwoFactorAuthentication: true });
    const { cookie, access } = await signInSession(request, outcome.user.id);
    return json({ ...currentUser(access), needTwoFactorAuthentication: false }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts(error);
    throw error;
  }
}
