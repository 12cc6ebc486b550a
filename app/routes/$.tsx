import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAccess } from "~/access/access.server";
import { loginRedirect } from "~/sessions.server";
import { ErrorScreen, notFoundScreen } from "~/components/error-screen";

/** Unknown paths: a visitor goes to sign in (the spec's public-path rule), a signed-in user sees 'Page not found'. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getAccess(request))) throw await loginRedirect(request);
  throw new Response("Not found", { status: 404 });
}

export default function NotFoundRoute() {
  return <ErrorScreen {...notFoundScreen} />;
}
