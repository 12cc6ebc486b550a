import type { RouteRule } from "~/access/route-table";

/** The table a record parameter names, by the static segment before it. */
export const RECORD_TABLES: Record<string, { tables: string[]; anyCompany?: boolean }> = {
  jobs: { tables: ["jobs"] },
  estimates: { tables: ["estimates"] },
  customers: { tables: ["customers"] },
  "assign-service-plan": { tables: ["customers"] },
  employees: { tables: ["users"] },
  templates: { tables: ["templates", "message_templates"] },
  "service-plan": { tables: ["service_plans"] },
  "customer-service-plans": { tables: ["customer_service_plans"] },
  "booking-requests": { tables: ["booking_requests"] },
  invoices: { tables: ["invoices"] },
  "custom-campaigns": { tables: ["custom_campaigns", "campaigns"] },
  forms: { tables: ["company_checklists"] },
  webhooks: { tables: ["webhook_endpoints"] },
  // A record under another: the sample ids name both (tests/fixtures/sessions.ts).
  "jobs/checklist": { tables: ["jobs/checklist"] },
  "estimates/checklist": { tables: ["estimates/checklist"] },
  // The super admin opens any company: that is the point of the admin panel.
  "company-details": { tables: ["companies"], anyCompany: true },
  "company-twilio-details": { tables: ["companies"], anyCompany: true },
};

/** An id no table holds: a missing record. */
export const MISSING_ID = 2_000_000_000;

export type RecordParam = { table: string; found: boolean; anyCompany: boolean };

/** A route-table pattern with real record ids filled in (a missing id where the company has none), other parameters made up, a trailing * dropped. */
export function concretePath(rule: RouteRule, ids: Record<string, number>): { path: string; record?: RecordParam } {
  const parts = rule.pattern.split("/").filter(Boolean);
  let record: RecordParam | undefined;
  const kindAt = (i: number) => RECORD_TABLES[`${parts[i - 3]}/${parts[i - 1]}`] ?? RECORD_TABLES[parts[i - 1]];
  // A nested record (a job's checklist) comes with its own parent's id.
  const nested = parts.findIndex(
    (part, i) => part.startsWith(":") && `${parts[i - 3]}/${parts[i - 1]}` in RECORD_TABLES,
  );
  const parentId = nested > 0 ? ids[`${kindAt(nested).tables[0]}:parent`] : undefined;
  const filled = parts.flatMap((part, i) => {
    if (part === "*") return [];
    if (!part.startsWith(":")) return [part];
    if (part === ":entityType") return ["job"];
    const kind = kindAt(i);
    if (!kind) return ["sample-token"];
    const table = kind.tables.find((t) => t in ids) ?? kind.tables[0];
    record = { table, found: table in ids, anyCompany: !!kind.anyCompany };
    return [String((i === nested - 2 ? parentId : undefined) ?? ids[table] ?? MISSING_ID)];
  });
  return { path: `/${filled.join("/")}`, record };
}

/** Whether a pattern takes a record id (the walk's cross-company checks). */
export const takesRecord = (rule: RouteRule) =>
  rule.pattern
    .split("/")
    .some(
      (part, i, parts) =>
        part.startsWith(":") && !!(RECORD_TABLES[`${parts[i - 3]}/${parts[i - 1]}`] ?? RECORD_TABLES[parts[i - 1]]),
    );
