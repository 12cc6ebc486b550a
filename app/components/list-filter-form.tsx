import { Form, Link } from "@remix-run/react";
import type { ListParams } from "~/utils/list-params";

export type FilterOption = { value: string | number; label: string };

/** A select of the filter form: one value (with an "All" first option) or several (a list box). */
export type ListFilter = {
  id: string;
  name: string;
  label: string;
  options: FilterOption[];
} & ({ multiple?: false; allLabel: string; selected: string | number | null } | { multiple: true; selected: number[] });

export type ListSearch = {
  id: string;
  placeholder: string;
  /**
   * Shown above the box. A list with only a search box may hide it (kept for screen readers): the
   * form is then one compact row instead of the toolbar of labelled fields.
   */
  label?: string;
  labelHidden?: boolean;
};

/**
 * The filter form of a list: a GET form (so it works without JavaScript and every filter stays in
 * the URL) with the search box (`q`), the list's selects, Apply, and Clear while a filter is on.
 * The table's sort and page size travel along, so filtering keeps them.
 */
export function ListFilterForm({
  search,
  filters = [],
  params,
  keepTableState = true,
  hidden = {},
  label,
  submitLabel = "Apply",
  clearTo,
}: {
  search: ListSearch;
  filters?: ListFilter[];
  params: ListParams;
  /** Whether a search keeps the table's sort, order and page size (a new category's list starts afresh). */
  keepTableState?: boolean;
  /** Other URL state the list belongs to (a price book category). */
  hidden?: Record<string, string | number>;
  /** The form's accessible name. */
  label?: string;
  submitLabel?: string;
  /** Where Clear leads; Clear is shown only while a filter is on. */
  clearTo?: string | null;
}) {
  return (
    <Form method="get" className={search.labelHidden ? "row" : "toolbar"} role="search" aria-label={label}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SearchBox search={search} value={params.search} />
      {filters.map((filter) => (
        <FilterSelect key={filter.name} filter={filter} />
      ))}
      {keepTableState && params.sort ? (
        <>
          <input type="hidden" name="sort" value={params.sort.fieldName} />
          <input type="hidden" name="order" value={params.sort.descending ? "desc" : "asc"} />
        </>
      ) : null}
      {keepTableState ? <input type="hidden" name="pageSize" value={params.pageSize} /> : null}
      <button type="submit" className="button">
        {submitLabel}
      </button>
      {clearTo ? (
        <Link className="button" to={clearTo}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

function SearchBox({ search, value }: { search: ListSearch; value: string }) {
  const { id, placeholder, label = "Search", labelHidden } = search;
  const box = (
    <input
      id={id}
      className={labelHidden ? "input search-input" : undefined}
      name="q"
      type="search"
      defaultValue={value}
      placeholder={placeholder}
    />
  );
  if (labelHidden) {
    return (
      <>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        {box}
      </>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {box}
    </div>
  );
}

function FilterSelect({ filter }: { filter: ListFilter }) {
  const options = filter.options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
  return (
    <div className="field">
      <label htmlFor={filter.id}>{filter.label}</label>
      {filter.multiple ? (
        <select
          id={filter.id}
          name={filter.name}
          multiple
          defaultValue={filter.selected.map(String)}
          size={Math.min(Math.max(filter.options.length, 2), 4)}
        >
          {options}
        </select>
      ) : (
        <select id={filter.id} name={filter.name} defaultValue={filter.selected ?? ""}>
          <option value="">{filter.allLabel}</option>
          {options}
        </select>
      )}
    </div>
  );
}

/** Tags as filter options. */
export const tagFilterOptions = (tags: { id: number; label: string }[]): FilterOption[] =>
  tags.map((t) => ({ value: t.id, label: t.label }));

type TagSelect = { id: string; label: string; selected: number[] };

/** A list's tag list boxes: `tag` (records with the tags) and, given `exclude`, `excludeTag` (records without them). */
export function tagFilters(options: FilterOption[], include: TagSelect, exclude?: TagSelect): ListFilter[] {
  const select = (name: string, { id, label, selected }: TagSelect): ListFilter => ({
    id,
    name,
    label,
    options,
    selected,
    multiple: true,
  });
  return exclude ? [select("tag", include), select("excludeTag", exclude)] : [select("tag", include)];
}
