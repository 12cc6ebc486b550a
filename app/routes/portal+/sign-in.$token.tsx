import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { commitPortalSession } from "~/access/portal.server";
import { screens } from "~/access/route-table";
import { peekSignInLink, portalCompany, portalSignInPath, redeemSignInLink } from "~/models/portal/sessions.server";
import type { HydrationHandle } from "~/utils/hydration";

export const portalLinkMessages = {
  expired: "This link has expired or was already used",
  askAgain: "Ask for a new link",
} as const;

// The token is in the path: no referrer may carry it to another site (same-origin: the form posts
// with its Origin, which the server checks), nothing may keep the page.
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };

type Expired = { expired: true; businessName: string | null; signInPath: string | null };

const expired = (company: { id: number; businessName: string } | null) =>
  json<Expired>(
    {
      expired: true,
      businessName: company?.businessName ?? null,
      signInPath: company ? portalSignInPath(company.id) : null,
    },
    { status: 404, headers: PRIVATE },
  );

/** A GET uses nothing (mail scanners fetch links): it shows the button that does. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.portal.link);
  const link = await peekSignInLink(params.token ?? "");
  if (!link.usable) return expired(link.company);
  return json({ expired: false as const, businessName: link.company!.businessName }, { headers: PRIVATE });
}

/** The button: the link is used and a portal session opens, in one transaction. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.portal.link);
  const result = await redeemSignInLink(params.token ?? "");
  if (!result.ok) {
    const company = result.companyId ? await portalCompany(result.companyId) : null;
    return expired(company?.isEnabled ? company : null);
  }
  const cookie = await commitPortalSession(request, result.sessionToken, result.companyId);
  return redirect("/portal", { headers: { ...PRIVATE, "Set-Cookie": cookie } });
}

/** A sign-in link's page: "Continue to your portal", or why the link no longer works. */
export default function PortalLinkRoute() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const page = (posted ?? loaded) as Expired | { expired: false; businessName: string };
  return (
    <main className="public-page portal-sign-in stack" style={{ maxWidth: "32rem", margin: "0 auto", padding: "1rem" }}>
      {page.expired ? (
        <section className="card stack" aria-labelledby="portal-link-title">
          <h1 id="portal-link-title">{portalLinkMessages.expired}</h1>
          <p>Sign-in links work once and for a short time, so that nobody else can use yours.</p>
          {page.signInPath ? (
            <p>
              <Link className="button button-primary" to={page.signInPath}>
                {portalLinkMessages.askAgain}
              </Link>
            </p>
          ) : (
            <p>Ask the company that sent it for a new link.</p>
          )}
        </section>
      ) : (
        <section className="card stack" aria-labelledby="portal-link-title">
          <h1 id="portal-link-title">{page.businessName}</h1>
          <p>Your sign-in link is ready.</p>
          <Form method="post">
            <button type="submit" className="button button-primary">
              Continue to your portal
            </button>
          </Form>
        </section>
      )}
    </main>
  );
}

export const handle: HydrationHandle = { hydrate: false };

export const headers: HeadersFunction = () => PRIVATE;

export const meta: MetaFunction = () => [{ title: "Customer portal" }, { name: "robots", content: "noindex" }];
