import { json, type ActionFunctionArgs } from "@remix-run/node";
import { accountMessages, forgotPasswordSchema } from "~/models/accounts/accounts.schema";
import { requestPasswordReset } from "~/models/accounts/accounts.server";
import { parseOr400, readBody, optionalApiAccess, methodNotAllowed } from "~/http/api.server";
import { clientAddress, RateLimited, tooManyAttempts } from "~/services/rate-limits.server";
import { screens } from "~/access/route-table";

/** POST /api/account/forgotPassword {email}: the same answer whether the email has an account or not. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.auth.forgot);
  if (request.method !== "POST") return methodNotAllowed();
  const { email } = parseOr400(forgotPasswordSchema, await readBody(request));
  try {
    await requestPasswordReset({ email, address: clientAddress(context) });
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts(error);
    throw error;
  }
  return json({ message: accountMessages.forgotSent });
}
