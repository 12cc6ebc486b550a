import { json, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { emailExistsSchema } from "~/models/accounts/accounts.schema";
import { parseOr400, readBody, optionalApiAccess, methodNotAllowed } from "~/http/api.server";
import { emailExists } from "~/models/accounts/signup.server";
import { clientAddress, consumeAttempt, RateLimited, tooManyAttempts } from "~/services/rate-limits.server";
import { screens } from "~/access/route-table";

/** POST /api/account/email-exists {email}: {exists}. Rate-limited, since it tells who has an account. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.auth.signup);
  if (request.method !== "POST") return methodNotAllowed();
  const { email } = parseOr400(emailExistsSchema, await readBody(request));
  try {
    await consumeAttempt("emailCheck", { account: email, address: clientAddress(context) });
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts(error);
    throw error;
  }
  return json({ exists: await emailExists(db, email) });
}
