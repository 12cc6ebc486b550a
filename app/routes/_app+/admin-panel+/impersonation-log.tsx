import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import {
  impersonationLogFilterSchema,
  pageImpersonationLog,
  type ImpersonationAction,
} from "~/models/accounts/impersonation-log.server";
import { DATE_SHORT, formatInZone, TIME } from "~/utils/format";
import { readListParams } from "~/utils/list-params";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.adminPanel.impersonationLog);
  const url = new URL(request.url);
  const params = readListParams(url);
  const filter = impersonationLogFilterSchema.safeParse({ companyId: url.searchParams.get("companyId") ?? undefined });
  const companyId = filter.success ? filter.data.companyId : undefined;
  const page = await pageImpersonationLog(ctx, { pageNumber: params.page, pageSize: params.pageSize, companyId });
  return json({ ...page, params, companyId: companyId ?? null, timezone: company.timezone });
}

const actionLabels: Record<ImpersonationAction, string> = {
  shadow_log_in: "Logged in as",
  change: "Change",
  shadow_log_out: "Logged out",
};

/** The answer in words, with its code: what the super admin needs to know is whether it went through. */
function outcome(status: number | null): string {
  if (status === null) return "";
  if (status < 400) return `Done (${status})`;
  if (status < 500) return `Refused (${status})`;
  return `Failed (${status})`;
}

export default function ImpersonationLogRoute() {
  const { items, total, params, companyId, timezone } = useLoaderData<typeof loader>();
  // Three columns, so that a phone shows a whole row: when; who as whom, of which company; what and its answer.
  const columns: Column<(typeof items)[number]>[] = [
    {
      title: "When",
      render: (r) => (
        <time dateTime={r.at}>
          {formatInZone(r.at, timezone, DATE_SHORT)}
          <br />
          {formatInZone(r.at, timezone, TIME)}
        </time>
      ),
    },
    {
      title: "Who",
      render: (r) => (
        <>
          <strong>{r.impersonatorName}</strong> as {r.userName}
          <br />
          {r.companyId && r.businessName ? (
            <Link to={`?companyId=${r.companyId}`}>{r.businessName}</Link>
          ) : (
            <span className="muted">Deleted company</span>
          )}
        </>
      ),
    },
    {
      title: "What",
      render: (r) => (
        <>
          <strong>{actionLabels[r.action as ImpersonationAction]}</strong>
          {r.method && r.path ? (
            <>
              {" "}
              <code style={{ overflowWrap: "anywhere", fontSize: "0.875em" }}>
                {r.method} {r.path}
              </code>
            </>
          ) : null}
          {r.details ? <span className="muted"> ({r.details})</span> : null}
          {r.status !== null ? (
            <>
              <br />
              {outcome(r.status)}
            </>
          ) : null}
        </>
      ),
    },
  ];
  const filteredName = companyId
    ? (items.find((r) => r.companyId === companyId)?.businessName ?? "this company")
    : null;
  return (
    <>
      <PageHeader title="Impersonation Log" breadcrumb={{ label: "Admin Panel", to: "/admin-panel" }} />
      <p className="muted">
        Every shadow log-in, each change made while acting as another user (the form&apos;s intent and field names,
        never the values) and the log-out, newest first.
      </p>
      {filteredName ? (
        <p>
          Showing {filteredName} only. <Link to="/admin-panel/impersonation-log">Show every company</Link>
        </p>
      ) : null}
      <DataTable columns={columns} rows={items} total={total} params={params} caption="Impersonation log" />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Impersonation Log | Admin Panel | Fieldwise" }];
