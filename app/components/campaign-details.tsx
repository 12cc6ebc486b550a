import { Link } from "@remix-run/react";
import { DataTable, SelectFilterForm, type Column } from "~/components/data-table";
import type { ListParams } from "~/utils/list-params";

export type CampaignGeneral = {
  id: number;
  name: string;
  triggerEvent: string;
  sendingRule: string;
  channel: string;
  audience: number;
  includeTags: string[];
  excludeTags: string[];
  exceptCustomers: number;
};

/** The General tab: what the campaign sends, when and to whom, with Edit and Delete. */
export function CampaignGeneralPanel({ campaign, here }: { campaign: CampaignGeneral; here: string }) {
  const plural = (n: number) => `${n} ${n === 1 ? "customer" : "customers"}`;
  return (
    <section aria-labelledby="general-title" className="card stack">
      <h2 id="general-title" className="visually-hidden">
        General
      </h2>
      <dl className="details">
        <dt>Name</dt>
        <dd>{campaign.name}</dd>
        <dt>Trigger event</dt>
        <dd>{campaign.triggerEvent}</dd>
        <dt>Sending rule</dt>
        <dd>{campaign.sendingRule}</dd>
        <dt>Channel</dt>
        <dd>{campaign.channel}</dd>
        <dt>Target audience</dt>
        <dd>
          <ul className="campaign-audience">
            <li>{plural(campaign.audience)}</li>
            {campaign.includeTags.length ? <li>Include tags: {campaign.includeTags.join(", ")}</li> : null}
            {campaign.excludeTags.length ? <li>Exclude tags: {campaign.excludeTags.join(", ")}</li> : null}
            {campaign.exceptCustomers ? <li>except {plural(campaign.exceptCustomers)}</li> : null}
          </ul>
        </dd>
      </dl>
      <div className="row">
        <Link className="button button-primary" to={`/communication/custom-campaigns/${campaign.id}/edit`}>
          Edit
        </Link>
        <Link className="button button-danger" to={`${here}?confirm=delete`} preventScrollReset>
          Delete
        </Link>
      </div>
    </section>
  );
}

export type CampaignMessageRow = {
  key: string;
  customerId: number;
  name: string;
  trigger:
    { kind: "job"; jobId: number; title: string } | { kind: "date"; on: string; title: string } | { kind: "deleted" };
  sentOn: string;
  status: number;
  statusLabel: string;
  failure: { reason: string; on: string } | null;
};

const FAILED = 3;

/** The Emails or Texts tab: the messages per recipient, sorted and paged in the URL, filtered by status. */
export function CampaignMessagesPanel({
  tab,
  channelLabel,
  rows,
  total,
  params,
  status,
  statusOptions,
}: {
  tab: string;
  channelLabel: string;
  rows: CampaignMessageRow[];
  total: number;
  params: ListParams;
  status: number | null;
  statusOptions: { value: number; label: string }[];
}) {
  const columns: Column<CampaignMessageRow>[] = [
    { title: "Name", fieldName: "name", render: (r) => <Link to={`/customers/${r.customerId}`}>{r.name}</Link> },
    { title: "Trigger", render: (r) => <TriggerCell trigger={r.trigger} /> },
    { title: "Send date", fieldName: "sentOn", render: (r) => r.sentOn },
    { title: "Message Status", fieldName: "status", render: (r) => <StatusCell row={r} /> },
  ];
  return (
    <section aria-label={channelLabel} className="stack">
      <StatusFilterForm tab={tab} params={params} status={status} options={statusOptions} />
      <DataTable
        caption={channelLabel}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        total={total}
        params={params}
      />
    </section>
  );
}

function TriggerCell({ trigger }: { trigger: CampaignMessageRow["trigger"] }) {
  if (trigger.kind === "job") return <Link to={`/jobs/${trigger.jobId}`}>{trigger.title}</Link>;
  if (trigger.kind === "deleted") return <span className="muted">Job: deleted</span>;
  return (
    <span className="campaign-trigger">
      <span>{trigger.on}</span> <span>{trigger.title}</span>
    </span>
  );
}

/** The status; a failure's reason with its date and time shows under it (the spec's tooltip, readable without JavaScript). */
function StatusCell({ row }: { row: CampaignMessageRow }) {
  const badge = row.status === FAILED ? "badge badge-danger" : row.status === 2 ? "badge badge-success" : "badge";
  return (
    <div className="campaign-status" title={row.failure ? `${row.failure.reason} (${row.failure.on})` : undefined}>
      <span className={badge}>{row.statusLabel}</span>
      {row.failure ? (
        <small className="campaign-failure">
          {row.failure.reason} <span className="muted">{row.failure.on}</span>
        </small>
      ) : null}
    </div>
  );
}

function StatusFilterForm({
  tab,
  params,
  status,
  options,
}: {
  tab: string;
  params: ListParams;
  status: number | null;
  options: { value: number; label: string }[];
}) {
  const sort: [string, string][] = params.sort
    ? [
        ["sort", params.sort.fieldName],
        ["order", params.sort.descending ? "desc" : "asc"],
      ]
    : [];
  return (
    <SelectFilterForm
      label="Filter messages"
      className="campaigns-filter"
      keep={[["tab", tab], ...sort, ["pageSize", params.pageSize]]}
      select={{ id: "message-status", name: "status", title: "Message Status", value: status, options }}
    />
  );
}
