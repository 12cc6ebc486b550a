import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { optionalApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** Unknown API paths answer JSON, like every other API error. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.notFound);
  return json({ exceptionType: "not_found", message: "Not found" }, { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.notFound);
  return json({ exceptionType: "not_found", message: "Not found" }, { status: 404 });
}
