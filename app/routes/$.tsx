import type { LoaderFunctionArgs } from "@remix-run/node";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { loginRedirect } from "~/sessions.server";
import { ErrorScreen, notFoundScreen } from "~/components/error-screen";

/** Unknown paths: a visitor goes to sign in (the spec's public-path rule), a signed-in user sees 'Page not found'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await optionalAccess({ request, context }, screens.notFound))) throw await loginRedirect(request);
  throw new Response("Not found", { status: 404 });
}

export default function NotFoundRoute() {
  return <ErrorScreen {...notFoundScreen} />;
}
