import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ErrorScreen, notFoundScreen } from "~/components/error-screen";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.notFound);
  return json(null, { status: 404 });
}

export default function NotFoundPageRoute() {
  return <ErrorScreen {...notFoundScreen} />;
}

export const meta: MetaFunction = () => [{ title: "Page not found | Fieldwise" }];
