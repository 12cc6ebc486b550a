import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listCompanyUsers } from "~/models/accounts/accounts.server";
import { requireApiAccessFor } from "~/http/api.server";

/** GET /api/users/get-for-comapny (spelling of the spec): the company's users, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/schedule");
  return json(await listCompanyUsers(ctx));
}
