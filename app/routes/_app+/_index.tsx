import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAccess } from "~/access/access.server";
import { homePathFor } from "~/access/roles";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAccess({ request, context }, screens.home);
  return redirect(homePathFor(user.role));
}
