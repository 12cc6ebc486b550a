import { json, type ActionFunctionArgs } from "@remix-run/node";
import { accountMessages, resetPasswordSchema } from "~/models/accounts/accounts.schema";
import { resetPassword } from "~/models/accounts/accounts.server";
import { parseOr400, readBody, optionalApiAccess, methodNotAllowed } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** POST /api/account/resetPassword {password, token}: sets the password and ends all the user's sessions. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.auth.reset);
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(resetPasswordSchema, await readBody(request));
  const result = await resetPassword(input);
  if (!result.ok) return json({ message: result.message }, { status: 400 });
  return json({ message: accountMessages.passwordChanged });
}
