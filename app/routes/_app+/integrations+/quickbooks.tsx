import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { unknownIntent } from "~/http/forms.server";
import { connectUrl, disconnect, getQuickBooksInfo } from "~/models/quickbooks/connection.server";
import { quickBooksMessages } from "~/models/quickbooks/quickbooks.schema";
import { listSyncLog } from "~/models/quickbooks/sync-log.server";
import { requestSync } from "~/models/quickbooks/sync-job.server";
import { syncCompany } from "~/models/quickbooks/sync.server";
import { quickBooksSettings } from "~/services/quickbooks.server";
import { toasts } from "~/sessions.server";
import { DATE_SHORT, formatInZone, TIME } from "~/utils/format";

const PAGE_URL = "/integrations/quickbooks";
const logQuerySchema = z.object({
  errors: z.enum(["1"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.quickBooks.page);
  const query = logQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [info, log] = await Promise.all([
    getQuickBooksInfo(ctx.companyId),
    listSyncLog(ctx.companyId, { errorsOnly: query.errors === "1", page: query.page }),
  ]);
  return json({
    configured: quickBooksSettings() !== null,
    info,
    log,
    errorsOnly: query.errors === "1",
    page: query.page,
    timezone: company.timezone,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, user } = await requireAccess({ request, context }, screens.quickBooks.page);
  const intent = (await request.formData()).get("intent");
  if (intent === "connect") {
    const url = connectUrl({ companyId: ctx.companyId, sessionId: user.sessionId });
    if (!url) return toasts().redirectWithError(PAGE_URL, quickBooksMessages.notConfigured);
    return redirect(url, 303);
  }
  if (intent === "disconnect") {
    await disconnect(ctx.companyId);
    return toasts().redirectWithSuccess(PAGE_URL, quickBooksMessages.disconnected);
  }
  if (intent === "sync") {
    const info = await getQuickBooksInfo(ctx.companyId);
    if (!info.isConnected) return toasts().redirectWithError(PAGE_URL, quickBooksMessages.notConnected);
    // On the queue in the app; inline where no queue runs (scripts, route tests).
    const queued = await requestSync(ctx.companyId).then(
      () => true,
      () => false,
    );
    if (!queued) await syncCompany(ctx.companyId);
    return toasts().redirectWithSuccess(PAGE_URL, queued ? "Sync started." : "Sync finished.");
  }
  unknownIntent();
}

export default function QuickBooksRoute() {
  const { configured, info, log, errorsOnly, page, timezone } = useLoaderData<typeof loader>();
  const pageLink = (to: number) =>
    `?${new URLSearchParams({ ...(errorsOnly ? { errors: "1" } : {}), page: String(to) })}`;
  return (
    <>
      <PageHeader title="QuickBooks Online" />
      <p>
        <Link to="/integrations">Back to integrations</Link>
      </p>
      <section className="card stack" aria-labelledby="quickbooks-connection">
        <h2 id="quickbooks-connection">Connection</h2>
        {!configured ? (
          <p className="muted">{quickBooksMessages.notConfigured}</p>
        ) : info.isConnected ? (
          <>
            <p>
              Connected to <strong>{info.companyName ?? "your QuickBooks company"}</strong>. Customers, invoices and
              payments are sent to QuickBooks every night and when you sync now; invoices paid in QuickBooks are marked
              paid here.
            </p>
            <p>
              Last sync:{" "}
              {info.lastSyncedAt ? formatInZone(info.lastSyncedAt, timezone, `${DATE_SHORT} ${TIME}`) : "never"}
            </p>
            <Form method="post" className="row">
              <button type="submit" name="intent" value="sync" className="button button-primary">
                Sync now
              </button>
              <button type="submit" name="intent" value="disconnect" className="button">
                Disconnect
              </button>
            </Form>
          </>
        ) : (
          <>
            <p>Send your customers, invoices and payments to QuickBooks Online.</p>
            <Form method="post" className="row">
              <button type="submit" name="intent" value="connect" className="button button-primary">
                Connect to QuickBooks
              </button>
            </Form>
          </>
        )}
      </section>
      <section className="card stack" aria-labelledby="quickbooks-log">
        <h2 id="quickbooks-log">Sync log</h2>
        <p className="row">{errorsOnly ? <Link to="?">All entries</Link> : <Link to="?errors=1">Errors only</Link>}</p>
        {log.entries.length === 0 ? (
          <p className="muted">{errorsOnly ? "No errors." : "Nothing synced yet."}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Record</th>
                <th scope="col">Outcome</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatInZone(entry.at, timezone, `${DATE_SHORT} ${TIME}`)}</td>
                  <td>
                    {entry.path ? (
                      <Link to={entry.path}>
                        {entry.entityType} {entry.localId}
                      </Link>
                    ) : (
                      `${entry.entityType}${entry.localId ? ` ${entry.localId}` : ""}`
                    )}
                  </td>
                  <td>{entry.outcome}</td>
                  <td>{entry.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {log.pageCount > 1 ? (
          <nav className="pagination" aria-label="Pagination">
            {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : null}
            <span>
              Page {page} of {log.pageCount}
            </span>
            {page < log.pageCount ? <Link to={pageLink(page + 1)}>Next</Link> : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "QuickBooks Online | Fieldwise" }];
