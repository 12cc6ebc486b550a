import { eq } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { reminderSettings } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { ReminderSettingsInput } from "~/models/messaging/reminder-settings.schema";

export type ReminderSettings = {
  appointmentRemindersOn: boolean;
  appointmentDaysBefore: number;
  appointmentSendTime: string;
  appointmentChannel: number;
};

/** What a company without a row gets (the table's defaults): on, 1 day before at 09:00, text and email. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  appointmentRemindersOn: true,
  appointmentDaysBefore: 1,
  appointmentSendTime: "09:00",
  appointmentChannel: 3,
};

export async function getReminderSettings(exec: Executor, companyId: number): Promise<ReminderSettings> {
  const [row] = await exec
    .select({
      appointmentRemindersOn: reminderSettings.appointmentRemindersOn,
      appointmentDaysBefore: reminderSettings.appointmentDaysBefore,
      appointmentSendTime: reminderSettings.appointmentSendTime,
      appointmentChannel: reminderSettings.appointmentChannel,
    })
    .from(reminderSettings)
    .where(eq(reminderSettings.companyId, companyId));
  return row ?? DEFAULT_REMINDER_SETTINGS;
}

/**
 * Saves the settings and, in the same transaction, moves every pending reminder of the company to
 * the new day, time and channel (or cancels them when reminders are turned off).
 */
export async function saveReminderSettings(ctx: CallerContext, input: ReminderSettingsInput, now = new Date()) {
  // Imported here: automatic.server.ts reads these settings.
  const { syncCompanyReminders } = await import("~/models/messaging/automatic.server");
  await db.transaction(async (tx) => {
    const values = { ...input, updatedAt: now };
    await tx
      .insert(reminderSettings)
      .values({ companyId: ctx.companyId, ...values })
      .onConflictDoUpdate({ target: reminderSettings.companyId, set: values });
    await syncCompanyReminders(tx, ctx.companyId, now);
  });
}
