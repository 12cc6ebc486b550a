import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { shellFor } from "~/access/navigation.server";
import { screens } from "~/access/route-table";
import { loginRedirect } from "~/sessions.server";
import { ErrorScreen, notFoundScreen } from "~/components/error-screen";
import { AppShell } from "~/components/shell";

/**
 * Unknown paths: a visitor goes to sign in (the spec's public-path rule), a signed-in user sees
 * 'Page not found' (404) inside the app's shell, with the navigation, as a missing record does.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await optionalAccess({ request, context }, screens.notFound);
  if (!access) throw await loginRedirect(request);
  return json({ shell: await shellFor(access) }, { status: 404 });
}

export default function NotFoundRoute() {
  const { shell } = useLoaderData<typeof loader>();
  return (
    <AppShell shell={shell}>
      <ErrorScreen {...notFoundScreen} inside home={shell.home} />
    </AppShell>
  );
}

export const meta: MetaFunction = () => [{ title: "Page not found | Fieldwise" }];
