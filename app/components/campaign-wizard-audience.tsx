import { useRef } from "react";
import { FieldError, PlainTextField } from "~/components/form";
import { FlagBox, type StepProps } from "~/components/campaign-wizard";
import { isPicked, type AudienceView } from "~/models/campaigns/campaign-wizard";
import { AUDIENCE_SEARCH_MIN_CHARS, type CampaignForm } from "~/models/campaigns/campaigns.schema";

const effectiveSearch = (text: string | undefined) => {
  const trimmed = (text ?? "").trim();
  return trimmed.length >= AUDIENCE_SEARCH_MIN_CHARS ? trimmed : "";
};

/**
 * Step 5: the include and exclude tag filters, the customers they let in (searched from 2
 * characters, paged), check all and the single customers, and the selected count. The boxes of a
 * page post which customers were shown, so the server updates the picks without JavaScript.
 */
export function AudienceStep({
  form,
  change,
  errorOf,
  hydrated,
  page,
  audience,
  busy,
  refresh,
  searchDelay,
}: StepProps & {
  audience: AudienceView | null;
  busy: boolean;
  refresh: (options?: { delay?: number; page?: number }) => void;
  searchDelay: number;
}) {
  const lastSearch = useRef(effectiveSearch(form.search));
  const tagOptions = page.tags.map((t) => ({ value: String(t.id), label: t.label }));
  const pages = audience ? Math.max(1, Math.ceil(audience.total / audience.pageSize)) : 1;
  const current = audience?.page ?? 1;
  const count = form.selectedCustomersNumber;

  const pick = (id: number, checked: boolean) => {
    const without = (list: number[]) => list.filter((x) => x !== id);
    const patch: Partial<CampaignForm> = form.checkAll
      ? { excludeCustomerIds: checked ? without(form.excludeCustomerIds) : [...without(form.excludeCustomerIds), id] }
      : { includeCustomerIds: checked ? [...without(form.includeCustomerIds), id] : without(form.includeCustomerIds) };
    change(patch, "selectedCustomersNumber");
    refresh();
  };
  const tagsChanged = (name: "includeTagIds" | "excludeTagIds", select: HTMLSelectElement) => {
    const ids = [...select.selectedOptions].map((o) => Number(o.value));
    change({ [name]: ids }, "includeTagIds", "excludeTagIds", "selectedCustomersNumber");
    refresh({ page: 1 });
  };

  return (
    <div className="stack campaign-audience">
      <div className="campaign-tag-filters">
        <TagSelect
          id="campaign-include-tags"
          name="includeTagIds"
          label="Include customers tagged"
          options={tagOptions}
          selected={form.includeTagIds}
          onChange={(select) => tagsChanged("includeTagIds", select)}
          error={errorOf("includeTagIds")}
        />
        <TagSelect
          id="campaign-exclude-tags"
          name="excludeTagIds"
          label="Exclude customers tagged"
          options={tagOptions}
          selected={form.excludeTagIds}
          onChange={(select) => tagsChanged("excludeTagIds", select)}
          error={errorOf("excludeTagIds")}
        />
      </div>
      {tagOptions.length === 0 ? (
        <p className="field-hint">Your customers have no tags yet: the filters are empty.</p>
      ) : null}
      <div className="row campaign-search" role="search" aria-label="Customer search">
        <PlainTextField
          id="campaign-search"
          name="search"
          type="search"
          label="Search customers"
          hint={`By name, from ${AUDIENCE_SEARCH_MIN_CHARS} characters`}
          value={form.search ?? ""}
          autoComplete="off"
          onChange={(e) => {
            change({ search: e.target.value });
            const effective = effectiveSearch(e.target.value);
            if (effective === lastSearch.current) return;
            lastSearch.current = effective;
            refresh({ delay: searchDelay, page: 1 });
          }}
        />
        {hydrated ? null : (
          <button type="submit" name="intent" value="search" className="button" formNoValidate>
            Search
          </button>
        )}
      </div>
      <p className="campaign-count" aria-live="polite" id="campaign-count">
        <strong>
          {count} {count === 1 ? "customer" : "customers"} selected
        </strong>
        {busy ? <span className="muted"> (updating…)</span> : null}
      </p>
      <FieldError id="campaign-count-error" error={errorOf("selectedCustomersNumber")} />
      <input type="hidden" name="checkAllShown" value={String(form.checkAll)} />
      <input type="hidden" name="audiencePage" value={current} />
      <div className="table-wrap">
        <table className="table table-cards campaign-customers">
          <caption className="visually-hidden">Customers of the audience</caption>
          <thead>
            <tr>
              <th scope="col" className="campaign-pick">
                <FlagBox
                  id="campaign-check-all"
                  name="checkAll"
                  checked={form.checkAll}
                  onChange={(checked) => {
                    change(
                      { checkAll: checked, excludeCustomerIds: [], includeCustomerIds: [] },
                      "selectedCustomersNumber",
                    );
                    refresh();
                  }}
                >
                  <span>Check all</span>
                </FlagBox>
              </th>
              <th scope="col">Name</th>
              <th scope="col">Company</th>
              <th scope="col">Billing address</th>
            </tr>
          </thead>
          <tbody>
            {audience?.items.length ? (
              audience.items.map((c) => (
                <tr key={c.id}>
                  <td className="campaign-pick" data-label="Selected">
                    <input type="hidden" name="shownCustomerIds" value={c.id} />
                    <input
                      id={`campaign-pick-${c.id}`}
                      type="checkbox"
                      name="pickedCustomerIds"
                      value={c.id}
                      checked={isPicked(form, c.id)}
                      onChange={(e) => pick(c.id, e.target.checked)}
                      aria-label={`Select ${c.name}`}
                    />
                  </td>
                  <td data-label="Name">{c.name}</td>
                  <td data-label="Company">{c.company ?? ""}</td>
                  <td data-label="Billing address">{c.address ?? ""}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={4} className="muted empty">
                  No customers match
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav className="row campaign-pages" aria-label="Customer pages">
        <button
          type="submit"
          name="intent"
          value={`page:${current - 1}`}
          className="button"
          disabled={current <= 1}
          formNoValidate
          aria-label="Previous page"
        >
          ‹
        </button>
        <span>
          Page {current} of {pages} ({audience?.total ?? 0} {audience?.total === 1 ? "customer" : "customers"})
        </span>
        <button
          type="submit"
          name="intent"
          value={`page:${current + 1}`}
          className="button"
          disabled={current >= pages}
          formNoValidate
          aria-label="Next page"
        >
          ›
        </button>
      </nav>
    </div>
  );
}

function TagSelect({
  id,
  name,
  label,
  options,
  selected,
  onChange,
  error,
}: {
  id: string;
  name: string;
  label: string;
  options: { value: string; label: string }[];
  selected: number[];
  onChange: (select: HTMLSelectElement) => void;
  error?: string;
}) {
  const hint = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        multiple
        size={Math.min(5, Math.max(2, options.length))}
        value={selected.map(String)}
        onChange={(e) => onChange(e.currentTarget)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint, error ? `${id}-error` : null].filter(Boolean).join(" ")}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <p className="field-hint" id={hint}>
        Any of the chosen tags; hold Ctrl or ⌘ to choose several.
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
