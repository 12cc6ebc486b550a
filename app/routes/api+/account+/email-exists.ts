import { json, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { emailExistsSchema } from "~/models/accounts/accounts.schema";
import { parseOr400, readBody, optionalApiAccess, methodNotAllowed } from "~/http/api.server";
import { emailExists } from "~/models/accounts/signup.server";
import { clientAddress, spendAttempts } from "~/services/rate-limits.server";
import { screens } from "~/access/route-table";

/** POST /api/account/email-exists {email}: {exists}. Rate-limited, since it tells who has an account. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.auth.signup);
  if (request.method !== "POST") return methodNotAllowed();
  const { email } = parseOr400(emailExistsSchema, await readBody(request));
  const refused = await spendAttempts(["emailCheck"], { account: email, address: clientAddress(context) });
  if (refused) return refused;
  return json({ exists: await emailExists(db, email) });
}
