import { Form, Link } from "react-router";
import { inputClass, labelClass } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { leadFormTypes } from "#app/forms/registry.ts";
import { leadStatuses, SEARCH_MAX_LENGTH } from "#app/lib/inbox.ts";

/** The channel filters: exact values, as the list's Source / medium column shows them. */
const channelFilters = [
  { name: "source", label: "Source", hint: "google" },
  { name: "medium", label: "Medium", hint: "cpc" },
  { name: "campaign", label: "Campaign", hint: "brand" },
] as const;

type FilterName = "q" | "type" | "status" | "from" | "to" | (typeof channelFilters)[number]["name"];

/** The inbox's filter (app/routes/admin/inbox.tsx): a GET form, so a filtered list has an address of its own. */
// Keyed by the filter, so its fields show the filter after a link (Clear, a page) changes it.
export function LeadFilterForm({ query, filter }: { query: string; filter: Readonly<Record<FilterName, string>> }) {
  const filtered = query !== "";
  return (
    <Form
      key={query}
      method="get"
      role="search"
      aria-label="Filter leads"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div>
        <label htmlFor="filter-q" className={labelClass}>
          Search
        </label>
        <input
          id="filter-q"
          name="q"
          type="search"
          maxLength={SEARCH_MAX_LENGTH}
          defaultValue={filter.q}
          placeholder="Name, email, company or website"
          className={`${inputClass} mt-1`}
        />
      </div>
      <FilterSelect name="type" label="Form" all="All forms" options={leadFormTypes} value={filter.type} />
      <FilterSelect name="status" label="Status" all="All statuses" options={leadStatuses} value={filter.status} />
      <div>
        <label htmlFor="filter-from" className={labelClass}>
          Received from
        </label>
        <input id="filter-from" name="from" type="date" defaultValue={filter.from} className={`${inputClass} mt-1`} />
      </div>
      <div>
        <label htmlFor="filter-to" className={labelClass}>
          Received to
        </label>
        <input id="filter-to" name="to" type="date" defaultValue={filter.to} className={`${inputClass} mt-1`} />
      </div>
      {channelFilters.map(({ name, label, hint }) => (
        <div key={name}>
          <label htmlFor={`filter-${name}`} className={labelClass}>
            {label}
          </label>
          <input
            id={`filter-${name}`}
            name={name}
            type="text"
            maxLength={150}
            defaultValue={filter[name]}
            placeholder={hint}
            className={`${inputClass} mt-1`}
          />
        </div>
      ))}
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Apply
        </button>
        {filtered && (
          <Link to="/admin" className={buttonClass({ variant: "ghost", size: "sm" })}>
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}

/** A labelled select of the filter: "all" first (the empty value), then each option by its key. */
function FilterSelect({
  name,
  label,
  all,
  options,
  value,
}: {
  name: FilterName;
  label: string;
  all: string;
  options: ReadonlyArray<{ key: string; label: string }>;
  value: string;
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value} className={`${inputClass} mt-1`}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
