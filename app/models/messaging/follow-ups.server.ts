import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { db, type Executor } from "~/db.server";
import { reminderSettings, scheduledMessages } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { shiftWall, startOfDayInZone } from "~/models/jobs/job-recurrence";
import { cancelPendingMessages } from "~/models/messaging/automatic.server";

/**
 * Shared because estimate and invoice follow-ups are planned alike (spec section 9): rows of
 * scheduled_messages of one kind keyed by their record (`<keyName>:<recordId>:…`), at 09:00
 * company time on the company's follow-up channel, re-planned in the caller's transaction and
 * checked again by the dispatcher at send time.
 */

const SEND_TIME_MINUTES = 9 * 60;

export type FollowUpRow = { companyId: number; channel: number; idempotencyKey: string };
export type FollowUpState = { status: "sent" | "failed" | "cancelled"; error: string | null };

/** The planner of one kind of follow-up (`kind` of scheduled_messages, `keyName` its keys' first part). */
export function followUpPlanner(kind: string, keyName: string) {
  const pattern = new RegExp(`^${keyName}:(\\d+):`);
  const keyPrefix = (recordId: number) => `${keyName}:${recordId}:`;
  return {
    keyPrefix,
    recordIdOf: (key: string) => Number(pattern.exec(key)?.[1] ?? NaN),

    /** `days` days after the day of `day` in the zone, at 09:00, then `afterMinutes` more (wall-clock: 09:00 stays across a DST change). */
    moment(day: Date, days: number, timeZone: string, afterMinutes = 0): Date {
      return shiftWall(startOfDayInZone(day, timeZone), days * 24 * 60 + SEND_TIME_MINUTES + afterMinutes, timeZone);
    },

    /** The settings form's day field: off ("", "off"), else a whole number from `min` to `max`. */
    daysField: (min: number, max: number, maxMessage: string) =>
      z.preprocess(
        (v) => (v === "" || v === undefined || v === null || v === "off" ? null : Number(v)),
        z
          .number({ invalid_type_error: "Choose when follow-ups go" })
          .int("Choose when follow-ups go")
          .min(min, "Choose when follow-ups go")
          .max(max, maxMessage)
          .nullable(),
      ),

    /** Pending follow-ups of a record stop, but for `exceptKeys`, in the caller's transaction. */
    async cancel(exec: Executor, companyId: number, recordId: number, exceptKeys: string[] = []): Promise<void> {
      await cancelPendingMessages(
        exec,
        companyId,
        kind,
        sql`${scheduledMessages.idempotencyKey} like ${`${keyPrefix(recordId)}%`}`,
        ...exceptKeys.map((key) => sql`${scheduledMessages.idempotencyKey} <> ${key}`),
      );
    },

    /** Writes planned rows: a row already sent is not sent again; a pending or cancelled one takes the plan. */
    async write(exec: Executor, companyId: number, channel: number, rows: { key: string; dueAt: Date }[]) {
      for (const { key, dueAt } of rows)
        await exec
          .insert(scheduledMessages)
          .values({ companyId, jobId: null, kind, channel, dueAt, idempotencyKey: key })
          .onConflictDoUpdate({
            target: scheduledMessages.idempotencyKey,
            set: { dueAt, channel, status: "pending", attempts: 0, error: null, claimedAt: null },
            setWhere: sql`${scheduledMessages.status} in ('pending', 'cancelled')`,
          });
    },

    /**
     * Saves follow-up settings of the caller's company and re-plans the follow-ups of its open
     * records (`open.where` over `open.table`, the company's condition included), in one transaction.
     */
    async saveSettings(
      ctx: CallerContext,
      input: Partial<typeof reminderSettings.$inferInsert>,
      open: { table: PgTable; id: AnyPgColumn; where: SQL | undefined },
      replan: (exec: Executor, companyId: number, recordId: number) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const values = { ...input, updatedAt: new Date() };
        await tx
          .insert(reminderSettings)
          .values({ companyId: ctx.companyId, ...values })
          .onConflictDoUpdate({ target: reminderSettings.companyId, set: values });
        const rows = await tx.select({ id: open.id }).from(open.table).where(open.where);
        for (const { id } of rows) await replan(tx, ctx.companyId, id as number);
      });
    },

    /**
     * The dispatcher's send of one claimed row: finds the row's record (`gone` when it no longer
     * exists), asks whether it still needs the row (`refusal`: why not, else null), then sends
     * (null: the record vanished meanwhile). Returns the row's new state for the dispatcher to write.
     */
    async send<R>(
      row: FollowUpRow,
      follow: {
        find: (recordId: number) => Promise<R | undefined>;
        refusal: (record: R, recordId: number) => Promise<string | null>;
        send: (record: R, recordId: number) => Promise<{ delivered: boolean; skipReasons: string } | null>;
        gone: string;
      },
    ): Promise<FollowUpState> {
      const recordId = Number(pattern.exec(row.idempotencyKey)?.[1] ?? NaN);
      const record = Number.isSafeInteger(recordId) ? await follow.find(recordId) : undefined;
      if (record === undefined) return { status: "cancelled", error: follow.gone };
      const reason = await follow.refusal(record, recordId);
      if (reason) return { status: "cancelled", error: reason };
      const sent = await follow.send(record, recordId);
      if (!sent) return { status: "cancelled", error: follow.gone };
      return { status: sent.delivered ? "sent" : "failed", error: sent.skipReasons || null };
    },
  };
}
