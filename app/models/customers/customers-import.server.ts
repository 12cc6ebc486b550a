import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import { db } from "~/db.server";
import { customerAddresses, customers } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { customerInputSchema, displayName } from "~/models/customers/customers.schema";
import {
  checkCustomerEmail,
  checkCustomerPhone,
  createCustomer,
  customerFields,
  CustomerRuleError,
} from "~/models/customers/customers.server";
import { createLeadSource, listLeadSources } from "~/models/company/lead-sources.server";
import { TagType } from "~/models/company/tags.schema";
import { createTag, listTags } from "~/models/company/tags.server";
import { refreshPlannerStatistics } from "~/models/schedule/planner-statistics.server";
import { parseCsvRecords, toCsv } from "~/models/files/csv.server";

/** The CSV columns of the template, the import and the export (lists inside a cell are separated by ';'). */
export const CSV_COLUMNS = [
  "First Name",
  "Last Name",
  "Email",
  "Secondary Emails",
  "Primary Phone",
  "Secondary Phones",
  "Job Title",
  "Company",
  "Receive Automatic Text Notifications",
  "Address",
  "Unit/Suite/Apt. Number",
  "Property Notes",
  "Customer Notes",
  "Tags",
  "Sources",
] as const;
type Column = (typeof CSV_COLUMNS)[number];

export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_TOO_LARGE = "The file size cannot exceed 5 MB.";

const FIELD_LABELS: Record<string, Column> = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  additionalEmails: "Secondary Emails",
  mainPhoneNumber: "Primary Phone",
  secondaryPhoneNumbers: "Secondary Phones",
  jobTitle: "Job Title",
  ownCompanyName: "Company",
  addresses: "Address",
  notes: "Customer Notes",
};

export function customersTemplateCsv(): string {
  const example = [
    "Jane",
    "Doe",
    "jane.doe@example.com",
    "jane@work.example.com",
    "(415) 555-2671",
    "",
    "Owner",
    "Doe Bakery",
    "yes",
    "12 Oak St, Springfield, IL 62701",
    "4B",
    "Gate code 1234",
    "Prefers mornings",
    "VIP",
    "Google",
  ];
  return toCsv([CSV_COLUMNS as unknown as string[], example]);
}

const list = (cell: string | undefined) =>
  (cell ?? "")
    .split(";")
    .map((v) => v.trim())
    .filter(Boolean);
const yes = (cell: string | undefined) => !/^(no|n|false|0|off)$/i.test((cell ?? "").trim());

export type ImportRowResult = {
  row: number;
  name: string;
  status: "imported" | "skipped" | "rejected";
  customerId?: number;
  messages: string[];
};
export type ImportReport = { imported: number; skipped: number; rejected: number; rows: ImportRowResult[] };

/** Names to ids, creating the company's missing customer tags and lead sources on the way. */
async function resolver(ctx: CallerContext) {
  const tagIds = new Map((await listTags(ctx, TagType.Customer)).map((t) => [t.label.toLowerCase(), t.id]));
  const sourceIds = new Map((await listLeadSources(ctx)).map((s) => [s.name.toLowerCase(), s.id]));
  return {
    async tags(names: string[]) {
      const ids = [];
      for (const name of names.map((n) => n.slice(0, 50))) {
        let id = tagIds.get(name.toLowerCase());
        if (!id) tagIds.set(name.toLowerCase(), (id = (await createTag(ctx, { name, type: TagType.Customer })).id));
        ids.push(id);
      }
      return ids;
    },
    async sources(names: string[]) {
      const ids = [];
      for (const name of names.map((n) => n.slice(0, 100))) {
        let id = sourceIds.get(name.toLowerCase());
        if (!id) sourceIds.set(name.toLowerCase(), (id = (await createLeadSource(ctx, { name })).id));
        ids.push(id);
      }
      return ids;
    },
  };
}

/**
 * Imports customers row by row with the form's validation. A row whose email or primary phone
 * already belongs to a customer of the company is skipped, so importing a file twice creates
 * nothing new.
 */
export async function importCustomersCsv(
  ctx: CallerContext,
  text: string,
  country: "US" | "CA" = "US",
): Promise<ImportReport | { message: string }> {
  let records: Record<string, string>[];
  try {
    records = parseCsvRecords(text);
  } catch (error) {
    return { message: `The file is not a valid CSV: ${(error as Error).message}` };
  }
  if (records.length === 0) return { message: "The file has no customer rows." };
  if (!("First Name" in records[0]))
    return { message: `The first line must name the template's columns (${CSV_COLUMNS.join(", ")}).` };
  if (records.length > IMPORT_MAX_ROWS) return { message: `A file may hold at most ${IMPORT_MAX_ROWS} customers.` };
  const resolve = await resolver(ctx);
  const rows: ImportRowResult[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    const name = [record["First Name"], record["Last Name"]].filter(Boolean).join(" ");
    const parsed = customerInputSchema(country).safeParse({
      firstName: record["First Name"],
      lastName: record["Last Name"],
      email: record.Email,
      additionalEmails: list(record["Secondary Emails"]),
      mainPhoneNumber: record["Primary Phone"],
      secondaryPhoneNumbers: list(record["Secondary Phones"]),
      jobTitle: record["Job Title"],
      ownCompanyName: record.Company,
      areTextMessagesAllowed: yes(record["Receive Automatic Text Notifications"]),
      addresses:
        record.Address || record["Unit/Suite/Apt. Number"] || record["Property Notes"]
          ? [
              {
                location: record.Address,
                unitNumber: record["Unit/Suite/Apt. Number"],
                notes: record["Property Notes"],
              },
            ]
          : [],
      notes: record["Customer Notes"],
    });
    if (!parsed.success) {
      const messages = parsed.error.issues.map(
        (i) => `${FIELD_LABELS[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`,
      );
      rows.push({ row, name, status: "rejected", messages: [...new Set(messages)] });
      continue;
    }
    const input = parsed.data;
    const match =
      (input.email && (await checkCustomerEmail(ctx, input.email)).takenBy) ||
      (input.mainPhoneNumber && (await checkCustomerPhone(ctx, input.mainPhoneNumber, country)).takenBy);
    if (match) {
      rows.push({ row, name, status: "skipped", messages: [`Already exists: ${match}`] });
      continue;
    }
    try {
      input.tagIds = await resolve.tags(list(record.Tags));
      const sources = await resolve.sources(list(record.Sources));
      input.leadSourceIds = sources.length ? sources : null;
      const customerId = await createCustomer(ctx, input);
      rows.push({ row, name: displayName(input), status: "imported", customerId, messages: [] });
    } catch (error) {
      if (!(error instanceof CustomerRuleError)) throw error;
      rows.push({ row, name, status: "skipped", messages: Object.values(error.fieldErrors) });
    }
  }
  const countOf = (status: ImportRowResult["status"]) => rows.filter((r) => r.status === status).length;
  // A large import changes what the planner should know of both tables the lists join.
  if (countOf("imported") >= 1000) {
    await refreshPlannerStatistics(customers);
    await refreshPlannerStatistics(customerAddresses);
  }
  return { imported: countOf("imported"), skipped: countOf("skipped"), rejected: countOf("rejected"), rows };
}

const EXPORT_BATCH = 1000;

/** All live customers of the company as CSV (template columns), streamed in batches by id. */
export function exportCustomersCsv(ctx: CallerContext): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let lastId = 0;
  let headerSent = false;
  let tagNames: Map<number, string> | undefined;
  let sourceNames: Map<number, string> | undefined;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        tagNames = new Map((await listTags(ctx, TagType.Customer)).map((t) => [t.id, t.label]));
        sourceNames = new Map((await listLeadSources(ctx)).map((s) => [s.id, s.name]));
        controller.enqueue(encoder.encode("\uFEFF" + toCsv([CSV_COLUMNS as unknown as string[]])));
        return;
      }
      const batch = await db
        .select({
          id: customers.id,
          ...customerFields,
        })
        .from(customers)
        .where(and(eq(customers.companyId, ctx.companyId), isNull(customers.deletedAt), gt(customers.id, lastId)))
        .orderBy(asc(customers.id))
        .limit(EXPORT_BATCH);
      if (!batch.length) {
        controller.close();
        return;
      }
      lastId = batch[batch.length - 1].id;
      const addresses = await db
        .select({
          customerId: customerAddresses.customerId,
          location: customerAddresses.location,
          unitNumber: customerAddresses.unitNumber,
          notes: customerAddresses.notes,
          isBilling: customerAddresses.isBilling,
        })
        .from(customerAddresses)
        .where(
          and(
            eq(customerAddresses.companyId, ctx.companyId),
            inArray(
              customerAddresses.customerId,
              batch.map((c) => c.id),
            ),
          ),
        )
        .orderBy(asc(customerAddresses.position));
      const billing = new Map<number, (typeof addresses)[number]>();
      for (const a of addresses) if (a.isBilling || !billing.has(a.customerId)) billing.set(a.customerId, a);
      const lines = batch.map((c) => {
        const a = billing.get(c.id);
        return [
          c.firstName,
          c.lastName ?? "",
          c.email ?? "",
          c.additionalEmails.join("; "),
          c.mainPhoneNumber ?? "",
          c.secondaryPhoneNumbers.join("; "),
          c.jobTitle ?? "",
          c.ownCompanyName ?? "",
          c.areTextMessagesAllowed ? "yes" : "no",
          a?.location ?? "",
          a?.unitNumber ?? "",
          a?.notes ?? "",
          c.notes ?? "",
          c.tagIds
            .map((id) => tagNames!.get(id))
            .filter(Boolean)
            .join("; "),
          c.leadSourceIds
            .map((id) => sourceNames!.get(id))
            .filter(Boolean)
            .join("; "),
        ];
      });
      controller.enqueue(encoder.encode(toCsv(lines)));
    },
  });
}

/** The uploaded CSV of an import form (multipart field `file`, read by the upload helper within IMPORT_MAX_BYTES). */
export async function importFileFrom(form: FormData): Promise<{ text: string } | { message: string }> {
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0) return { message: "Choose a CSV file to upload." };
  if (file.size > IMPORT_MAX_BYTES) return { message: IMPORT_TOO_LARGE };
  return { text: await file.text() };
}
