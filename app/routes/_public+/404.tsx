import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ErrorScreen, notFoundScreen } from "~/components/error-screen";
import { optionalAccess } from "~/access/access.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await optionalAccess(request);
  return json(null, { status: 404 });
}

export default function NotFoundPageRoute() {
  return <ErrorScreen {...notFoundScreen} />;
}

export const meta: MetaFunction = () => [{ title: "Page not found | Fieldwise" }];
