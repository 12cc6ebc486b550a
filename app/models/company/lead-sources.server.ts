import { db, type Executor } from "~/db.server";
import { leadSources } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { namedRecords } from "~/models/company/named-records.server";
import type { LeadSourceOption } from "~/models/company/tags.schema";

/**
 * A company's lead sources (the presets are inserted at sign-up). Deleting one leaves the customers
 * that named it: their join rows reference lead sources with ON DELETE CASCADE, so they only lose it.
 */
const leadSourceRecords = namedRecords({
  table: leadSources,
  what: "lead source",
  columns: { id: leadSources.id, name: leadSources.name },
});

export const { get: getLeadSource, delete: deleteLeadSource } = leadSourceRecords;

/** The company's lead sources by name. */
export function listLeadSources(ctx: CallerContext, exec: Executor = db): Promise<LeadSourceOption[]> {
  return leadSourceRecords.list(ctx, { exec });
}

export function createLeadSource(ctx: CallerContext, input: { name: string }): Promise<LeadSourceOption> {
  return leadSourceRecords.save(ctx, { name: input.name }) as Promise<LeadSourceOption>;
}

/** Renames a lead source of the caller's company; null when it is not theirs or missing. */
export function renameLeadSource(
  ctx: CallerContext,
  input: { id: number; name: string },
): Promise<LeadSourceOption | null> {
  return leadSourceRecords.save(ctx, input);
}

/** Keeps only the ids that are the company's lead sources (for forms that attach them). */
export function ownLeadSourceIds(exec: Executor, ctx: CallerContext, ids: readonly number[]): Promise<number[]> {
  return leadSourceRecords.ownIds(exec, ctx, ids);
}
