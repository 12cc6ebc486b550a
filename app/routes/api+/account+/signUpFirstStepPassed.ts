import { json, type ActionFunctionArgs } from "@remix-run/node";
import { accountMessages, signUpAccountSchema } from "~/models/accounts/accounts.schema";
import { parseOr400, readBody, optionalApiAccess } from "~/http/api.server";
import { emailExists } from "~/models/accounts/signup.server";
import { db } from "~/db.server";
import { clientAddress, consumeAttempt, RateLimited, tooManyAttempts } from "~/services/rate-limits.server";
import { screens } from "~/access/route-table";

/** POST /api/account/signUpFirstStepPassed {email, firstName, lastName, phoneNumber}: 200 {} or 400 {errors}. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.auth.signup);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(signUpAccountSchema, await readBody(request));
  try {
    await consumeAttempt("signUp", { account: input.email, address: clientAddress(context) });
    await consumeAttempt("emailCheck", { account: input.email, address: clientAddress(context) });
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts(error);
    throw error;
  }
  if (await emailExists(db, input.email))
    return json({ errors: { email: accountMessages.emailTaken } }, { status: 400 });
  return json({});
}
