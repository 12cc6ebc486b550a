import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAccess } from "~/access/access.server";
import { homePathFor } from "~/access/roles";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAccess(request);
  return redirect(homePathFor(user.role));
}
