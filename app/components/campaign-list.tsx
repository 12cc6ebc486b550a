import { Link, useFetcher, useLocation } from "@remix-run/react";
import { DataTable, SelectFilterForm, type Column } from "~/components/data-table";
import type { ListParams } from "~/utils/list-params";

export type CampaignListRow = {
  id: number;
  name: string;
  isActive: boolean;
  trigger: string;
  channel: string;
  audience: number;
};

type ActiveFilter = "active" | "inactive" | null;
/** ?active= of the list; all when absent. */
const ACTIVE_FILTERS = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
];

/**
 * The communication page's Custom Campaigns tab: the campaigns newest first, 'Add Campaign', the
 * active filter and the active toggle (a form per row, so it works without JavaScript).
 */
export function CampaignsTab({
  items,
  total,
  params,
  active,
}: {
  items: CampaignListRow[];
  total: number;
  params: ListParams;
  active: ActiveFilter;
}) {
  const columns: Column<CampaignListRow>[] = [
    {
      title: "Name",
      render: (c) => <Link to={`/communication/custom-campaigns/${c.id}`}>{c.name}</Link>,
    },
    { title: "Trigger", render: (c) => c.trigger },
    { title: "Channel", render: (c) => c.channel },
    { title: "Audience", render: (c) => `${c.audience} ${c.audience === 1 ? "customer" : "customers"}` },
    { title: "Active", render: (c) => <ActiveToggle campaign={c} /> },
  ];
  return (
    <section aria-labelledby="campaigns-title" className="stack">
      <div className="campaigns-head">
        <h2 id="campaigns-title">Custom Campaigns</h2>
        <Link className="button button-primary" to="/communication/custom-campaigns/new">
          Add Campaign
        </Link>
      </div>
      <ActiveFilterForm active={active} params={params} />
      <DataTable caption="Custom campaigns" columns={columns} rows={items} total={total} params={params} />
    </section>
  );
}

function ActiveFilterForm({ active, params }: { active: ActiveFilter; params: ListParams }) {
  return (
    <SelectFilterForm
      label="Filter campaigns"
      className="campaigns-filter"
      keep={[
        ["tab", "custom-campaigns"],
        ["pageSize", params.pageSize],
      ]}
      select={{ id: "campaigns-active", name: "active", title: "Show", value: active, options: ACTIVE_FILTERS }}
    />
  );
}

/** The active switch: posts intent toggle; with JavaScript it flips at once, the server's answer follows. */
function ActiveToggle({ campaign }: { campaign: CampaignListRow }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent") === "toggle";
  const on = pending ? !campaign.isActive : campaign.isActive;
  return (
    <fetcher.Form method="post" action={`${location.pathname}${location.search}`} className="campaign-toggle">
      <input type="hidden" name="id" value={campaign.id} />
      <button
        type="submit"
        name="intent"
        value="toggle"
        role="switch"
        aria-checked={on}
        className="switch"
        aria-label={`${campaign.name} active`}
        disabled={pending}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
      <span className="muted">{on ? "Active" : "Inactive"}</span>
    </fetcher.Form>
  );
}
