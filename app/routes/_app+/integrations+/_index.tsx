import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { createApiKey, getApiKeyInfo } from "~/access/api-keys.server";
import employeeStyles from "~/styles/employees.css";
import { DATE_SHORT, formatInZone } from "~/utils/format";
import { submitForm, unknownIntent } from "~/http/forms.server";
import { screens } from "~/access/route-table";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/models/webhooks/webhooks.server";
import { toasts } from "~/sessions.server";
import { dayjs } from "~/utils/format";
import {
  AccountingExportSection,
  WEBHOOK_FORM_ID,
  WebhooksSection,
  webhookEndpointValidator,
} from "./__webhooks-section";
import { QuickBooksSection } from "./__quickbooks-section";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: employeeStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.integrations);
  const today = dayjs().tz(company.timezone);
  return json({
    key: await getApiKeyInfo(ctx),
    timezone: company.timezone,
    endpoints: await listWebhookEndpoints(ctx),
    exportRange: { from: today.startOf("month").format("YYYY-MM-DD"), to: today.format("YYYY-MM-DD") },
  });
}

/** The new key is answered in this response only (not through a redirect), so it is shown exactly once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.integrations);
  const formData = await request.formData();
  if (formData.get("intent") === "add-webhook")
    return submitForm(formData, webhookEndpointValidator, WEBHOOK_FORM_ID, async (input) => {
      const id = await createWebhookEndpoint(ctx, input);
      return toasts().redirectWithSuccess(`/integrations/webhooks/${id}`, "Endpoint added");
    });
  if (formData.get("intent") !== "create-api-key") unknownIntent();
  const created = await createApiKey(ctx);
  return json({ apiKey: created.apiKey }, { headers: { "Cache-Control": "no-store" } });
}

export default function IntegrationsRoute() {
  const { key, timezone, endpoints, exportRange } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const created = actionData && "apiKey" in actionData ? actionData : undefined;
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("confirm") === "rotate" && !created;
  return (
    <>
      <PageHeader title="Integrations" />
      <section className="card stack" aria-labelledby="api-key-title">
        <h2 id="api-key-title">API key</h2>
        <p>
          Connect Zapier or your own tools to the API. Send the key with every call as{" "}
          <code>X-API-Key: &lt;key&gt;</code> or <code>Authorization: Bearer &lt;key&gt;</code>. Calls made with the key
          act as your company&apos;s first company admin. See the <Link to="/api-documentation">API documentation</Link>
          .
        </p>
        {created ? (
          <div className="stack" role="status">
            <p className="alert alert-success">Your new API key. Copy it now: it will not be shown again.</p>
            <code className="key-box" aria-label="API key">
              {created.apiKey}
            </code>
          </div>
        ) : null}
        {key.exists ? (
          <p>
            Current key starts with <code>{key.prefix}</code>, created{" "}
            {formatInZone(key.createdAt, timezone, DATE_SHORT)}.
          </p>
        ) : (
          <p className="muted">No API key yet.</p>
        )}
        {key.exists ? (
          <div className="row">
            <Link className="button" to="?confirm=rotate" preventScrollReset>
              Rotate Key
            </Link>
          </div>
        ) : (
          <Form method="post" className="row">
            <button type="submit" name="intent" value="create-api-key" className="button button-primary">
              Create API Key
            </button>
          </Form>
        )}
      </section>
      <WebhooksSection endpoints={endpoints} />
      <AccountingExportSection from={exportRange.from} to={exportRange.to} />
      <QuickBooksSection />
      {confirming ? (
        <ConfirmDialog
          title="Rotate API Key"
          intent="create-api-key"
          confirmLabel="Rotate Key"
          cancelTo="/integrations"
          action="/integrations?index"
        >
          <p>A new key replaces the current one, which stops working at once. Tools that use it need the new key.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Integrations | Fieldwise" }];
