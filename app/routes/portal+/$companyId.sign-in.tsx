import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { notFound, optionalAccess, pathRecordId } from "~/access/access.server";
import { getPortalAccess } from "~/access/portal.server";
import { screens } from "~/access/route-table";
import { FieldError, Honeypot } from "~/components/form";
import { contactOf, requestSignInLink } from "~/models/portal/links.server";
import { portalCompany, portalSignInPath, REQUESTED_LINK_MINUTES } from "~/models/portal/sessions.server";
import { clientAddress, consumeAttempt, RateLimited } from "~/services/rate-limits.server";
import type { HydrationHandle } from "~/utils/hydration";

export const portalSignInMessages = {
  required: "Enter your email or phone number",
  invalid: "Enter an email address or a US or Canadian phone number",
  sent: "If we know this address, a link is on its way",
  signedOut: "You are signed out of the portal",
} as const;

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** The company of the path, when its portal is on; 404 otherwise (an unknown id, a portal turned off). */
async function companyOf(value: string | undefined) {
  const company = await portalCompany(pathRecordId(value));
  return company?.isEnabled ? company : notFound();
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.portal.signIn);
  const company = await companyOf(params.companyId);
  // Already signed in to this company's portal: straight in.
  if ((await getPortalAccess(request))?.companyId === company.id) throw redirect("/portal");
  const url = new URL(request.url);
  const notice = url.searchParams.has("sent")
    ? portalSignInMessages.sent
    : url.searchParams.has("signed-out")
      ? portalSignInMessages.signedOut
      : null;
  return json(
    { businessName: company.businessName, logoUrl: company.logoUrl, notice, minutes: REQUESTED_LINK_MINUTES },
    { headers: NO_STORE },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.portal.signIn);
  const company = await companyOf(params.companyId);
  const form = await request.formData();
  const typed = String(form.get("contact") ?? "").trim();
  const refused = (error: string, status = 400) => json({ error, contact: typed }, { status, headers: NO_STORE });
  // A filled honeypot is a robot's: it gets the same answer as anyone, and nothing is sent.
  if (String(form.get("websiteUrl") ?? "") !== "") return redirect(`${portalSignInPath(company.id)}?sent`);
  if (!typed) return refused(portalSignInMessages.required);
  const contact = contactOf(typed, company.country);
  if (!contact) return refused(portalSignInMessages.invalid);
  try {
    await consumeAttempt("portalSignIn", {
      account: `${company.id}:${contact.value}`,
      address: clientAddress(context),
    });
  } catch (error) {
    if (error instanceof RateLimited) return refused(error.message, 429);
    throw error;
  }
  await requestSignInLink({ companyId: company.id, contact });
  return redirect(`${portalSignInPath(company.id)}?sent`);
}

/** The portal's sign-in page: the customer types their email or phone and gets a link. */
export default function PortalSignInRoute() {
  const { businessName, logoUrl, notice, minutes } = useLoaderData<typeof loader>();
  const posted = useActionData<{ error: string; contact: string }>();
  return (
    <main className="public-page portal-sign-in stack" style={{ maxWidth: "32rem", margin: "0 auto", padding: "1rem" }}>
      <header className="stack">
        {logoUrl ? <img src={logoUrl} alt="" className="portal-logo" width={64} height={64} /> : null}
        <h1>{businessName}</h1>
      </header>
      <section className="card stack" aria-labelledby="portal-sign-in-title">
        <h2 id="portal-sign-in-title">Sign in to your customer portal</h2>
        {notice ? (
          <p className="alert alert-success" role="status">
            {notice}
          </p>
        ) : null}
        <p>
          Type the email address or phone number {businessName} has for you. We will send you a link that signs you in;
          it works once, for {minutes} minutes. No password needed.
        </p>
        <Form method="post" className="stack" noValidate>
          <Honeypot />
          <div className="field">
            <label htmlFor="portal-contact">Email or phone number</label>
            <input
              id="portal-contact"
              name="contact"
              className="input"
              type="text"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              defaultValue={posted?.contact ?? ""}
              aria-invalid={posted?.error ? true : undefined}
              aria-describedby={posted?.error ? "portal-contact-error" : undefined}
            />
            <FieldError id="portal-contact-error" error={posted?.error} />
          </div>
          <button type="submit" className="button button-primary">
            Send me a link
          </button>
        </Form>
      </section>
    </main>
  );
}

export const handle: HydrationHandle = { hydrate: false };

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Sign in | ${data.businessName}` : "Sign in" },
  { name: "robots", content: "noindex" },
];
