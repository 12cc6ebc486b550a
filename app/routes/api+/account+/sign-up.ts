import { json, type ActionFunctionArgs } from "@remix-run/node";
import { signInSession } from "~/access/account-sessions.server";
import { signUpSchema } from "~/models/accounts/accounts.schema";
import { currentUser, signUp } from "~/models/accounts/accounts.server";
import { parseOr400, readBody, optionalApiAccess, methodNotAllowed } from "~/http/api.server";
import { clientAddress, spendAttempts } from "~/services/rate-limits.server";
import { screens } from "~/access/route-table";

/** POST /api/account/sign-up: a company, its admin and a 14-day trial; answers the signed-in user. Rate-limited (429). */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.auth.signup);
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(signUpSchema, await readBody(request));
  const limited = await spendAttempts(["signUp"], { account: input.email, address: clientAddress(context) });
  if (limited) return limited;
  const result = await signUp(input);
  if (!result.ok) return json({ errors: result.errors }, { status: 400 });
  const { cookie, access } = await signInSession(request, result.userId);
  return json(currentUser(access), { status: 201, headers: { "Set-Cookie": cookie } });
}
