import { json, type ActionFunctionArgs } from "@remix-run/node";
import { accountMessages, signUpAccountSchema } from "~/models/accounts/accounts.schema";
import { parseOr400, readBody, optionalApiAccess, methodNotAllowed } from "~/http/api.server";
import { emailExists } from "~/models/accounts/signup.server";
import { db } from "~/db.server";
import { clientAddress, spendAttempts } from "~/services/rate-limits.server";
import { screens } from "~/access/route-table";

/** POST /api/account/signUpFirstStepPassed {email, firstName, lastName, phoneNumber}: 200 {} or 400 {errors}. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.auth.signup);
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(signUpAccountSchema, await readBody(request));
  const who = { account: input.email, address: clientAddress(context) };
  const limited = await spendAttempts(["signUp", "emailCheck"], who);
  if (limited) return limited;
  if (await emailExists(db, input.email))
    return json({ errors: { email: accountMessages.emailTaken } }, { status: 400 });
  return json({});
}
