import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { unknownIntent } from "~/http/forms.server";
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhookEvent,
  setWebhookEndpointEnabled,
} from "~/models/webhooks/webhooks.server";
import { nudgeWebhookDelivery } from "~/models/webhooks/delivery-job.server";
import { toasts } from "~/sessions.server";
import employeeStyles from "~/styles/employees.css";
import { DATE_SHORT, formatInZone, TIME } from "~/utils/format";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: employeeStyles }];

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const querySchema = z.object({ before: idSchema.optional().catch(undefined) });
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rotate-secret") }),
  z.object({ intent: z.literal("set-enabled"), enabled: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("send-test") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("resend"), deliveryId: idSchema }),
]);

const endpointId = (params: { id?: string }) => {
  const parsed = idSchema.safeParse(params.id);
  return parsed.success ? parsed.data : notFound();
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.webhookEndpoints.details);
  const endpoint = await getWebhookEndpoint(ctx, endpointId(params));
  if (!endpoint) notFound();
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const log = await listWebhookDeliveries(ctx, endpoint.id, query.before ?? null);
  return json(
    { endpoint, log, timezone: company.timezone, paged: query.before !== undefined },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.webhookEndpoints.details);
  const id = endpointId(params);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) unknownIntent();
  const input = parsed.data;
  const here = `/integrations/webhooks/${id}`;
  switch (input.intent) {
    case "rotate-secret":
      if (!(await rotateWebhookSecret(ctx, id))) notFound();
      return toasts().redirectWithSuccess(here, "A new signing secret was made");
    case "set-enabled":
      if (!(await setWebhookEndpointEnabled(ctx, id, input.enabled === "true"))) notFound();
      return toasts().redirectWithSuccess(here, input.enabled === "true" ? "Endpoint enabled" : "Endpoint disabled");
    case "send-test":
      if (!(await sendTestWebhookEvent(ctx, id))) notFound();
      nudgeWebhookDelivery();
      return toasts().redirectWithSuccess(here, "Test event queued");
    case "delete":
      if (!(await deleteWebhookEndpoint(ctx, id))) notFound();
      return toasts().redirectWithSuccess("/integrations", "Endpoint deleted");
    case "resend":
      if (!(await resendWebhookDelivery(ctx, id, input.deliveryId))) notFound();
      nudgeWebhookDelivery();
      return toasts().redirectWithSuccess(here, "Delivery queued again");
  }
}

const statusLabels = { pending: "Pending", delivering: "Sending", delivered: "Delivered", failed: "Failed" } as const;
const statusBadge = { pending: "", delivering: "", delivered: "badge-success", failed: "badge-danger" } as const;

export default function WebhookEndpointRoute() {
  const { endpoint, log, timezone, paged } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const confirm = searchParams.get("confirm");
  const here = `/integrations/webhooks/${endpoint.id}`;
  const when = (d: string | Date) => formatInZone(d, timezone, `${DATE_SHORT} ${TIME}`);
  return (
    <>
      <PageHeader
        title={endpoint.url}
        breadcrumb={{ label: "Integrations", to: "/integrations" }}
        badge={<span className="badge">{endpoint.isEnabled ? "Enabled" : "Disabled"}</span>}
      />
      <section className="card stack" aria-labelledby="endpoint-title">
        <h2 id="endpoint-title">Endpoint</h2>
        {endpoint.description ? <p>{endpoint.description}</p> : null}
        <p>
          Events: {endpoint.eventTypes.length === 0 ? "All events" : endpoint.eventTypes.join(", ")}. Created{" "}
          {formatInZone(endpoint.createdAt, timezone, DATE_SHORT)}.
        </p>
        <details>
          <summary>Reveal signing secret</summary>
          <code className="key-box" aria-label="Signing secret">
            {endpoint.secret}
          </code>
        </details>
        <div className="row">
          <Form method="post">
            <button type="submit" name="intent" value="send-test" className="button button-primary">
              Send Test Event
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="enabled" value={endpoint.isEnabled ? "false" : "true"} />
            <button type="submit" name="intent" value="set-enabled" className="button">
              {endpoint.isEnabled ? "Disable" : "Enable"}
            </button>
          </Form>
          <Link className="button" to="?confirm=rotate" preventScrollReset>
            Rotate Secret
          </Link>
          <Link className="button button-danger" to="?confirm=delete" preventScrollReset>
            Delete
          </Link>
        </div>
      </section>
      <section className="card stack" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Deliveries</h2>
        {log.deliveries.length === 0 ? (
          <p className="muted">No deliveries yet.</p>
        ) : (
          <table className="table" aria-label="Deliveries">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last status code</th>
                <th scope="col">Time</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.deliveries.map((d) => (
                <tr key={d.id}>
                  <td>
                    {d.eventType}
                    <div className="muted">
                      <code>{d.eventId}</code>
                    </div>
                  </td>
                  <td>
                    <span className={`badge ${statusBadge[d.status]}`}>{statusLabels[d.status]}</span>
                    {d.lastError ? <div className="muted">{d.lastError}</div> : null}
                    {d.status === "pending" && d.attempts > 0 ? (
                      <div className="muted">Next attempt {when(d.nextAttemptAt)}</div>
                    ) : null}
                  </td>
                  <td>{d.attempts}</td>
                  <td>{d.lastStatusCode ?? ""}</td>
                  <td>{when(d.deliveredAt ?? d.createdAt)}</td>
                  <td>
                    {d.status === "delivering" ? null : (
                      <Form method="post">
                        <input type="hidden" name="deliveryId" value={d.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="resend"
                          className="button"
                          aria-label={`Resend ${d.eventType} ${d.eventId}`}
                        >
                          Resend
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="row">
          {paged ? <Link to={here}>Newest deliveries</Link> : null}
          {log.next ? <Link to={`?before=${log.next}`}>Older deliveries</Link> : null}
        </div>
      </section>
      {confirm === "rotate" ? (
        <ConfirmDialog title="Rotate Secret" intent="rotate-secret" confirmLabel="Rotate Secret" cancelTo={here}>
          <p>A new signing secret replaces the current one at once. Your receiver needs the new secret to verify.</p>
        </ConfirmDialog>
      ) : null}
      {confirm === "delete" ? (
        <ConfirmDialog title="Delete Endpoint" intent="delete" confirmLabel="Delete" cancelTo={here}>
          <p>The endpoint and its delivery log are deleted. Events are no longer sent to {endpoint.url}.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Webhook Endpoint | Fieldwise" }];
