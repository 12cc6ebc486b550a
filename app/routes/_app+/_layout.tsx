import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorScreen, errorScreenFor } from "~/components/error-screen";
import { AppShell } from "~/components/shell";
import { requireAccess } from "~/access/access.server";
import { shellFor } from "~/access/navigation.server";
import { tipForPath } from "~/models/company/onboarding.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.home);
  const tip = await tipForPath(access.ctx, new URL(request.url).pathname);
  return json({
    shell: await shellFor(access),
    // Who the real-time connection belongs to (root.tsx): a shadow log-in or its end restarts it.
    realtimeKey: `${access.user.id}.${access.company.id}`,
    tip: tip ? { actionType: tip.actionType, text: tip.tip, title: tip.title } : null,
  });
}

export default function AppLayout() {
  const { shell, tip } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <AppShell
      shell={shell}
      tip={
        tip ? (
          <aside className="tip" aria-label="Tip">
            <p>
              <strong>{tip.title}.</strong> {tip.text}
            </p>
            <Form method="post" action={`/onboarding/${tip.actionType}/dismiss`}>
              <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
              <button type="submit" className="button">
                Dismiss
              </button>
            </Form>
          </aside>
        ) : null
      }
    >
      <Outlet />
    </AppShell>
  );
}

/**
 * A page that fails (a 404 or 403 its loader threw, or a crash) keeps the navigation: the error
 * screen shows in the content area. Only when the shell itself could not load does it stand alone.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/_app+/_layout");
  if (!data) return <ErrorScreen {...errorScreenFor(error)} />;
  return (
    <AppShell shell={data.shell}>
      <ErrorScreen {...errorScreenFor(error)} inside home={data.shell.home} />
    </AppShell>
  );
}
