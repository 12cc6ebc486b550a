import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { AppShell } from "~/components/shell";
import { requireAccess } from "~/access/access.server";
import { shellFor } from "~/access/navigation.server";
import { tipForPath } from "~/models/company/onboarding.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const tip = await tipForPath(access.ctx, new URL(request.url).pathname);
  return json({ shell: shellFor(access), tip: tip ? { actionType: tip.actionType, text: tip.tip, title: tip.title } : null });
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
