import { z } from "zod";
import { checkbox, messages } from "~/utils/validation";

/** Appointment reminders: the same day (0) or 1 to 7 days before the visit. */
export const REMINDER_DAYS_MAX = 7;
export const reminderDayOptions = Array.from({ length: REMINDER_DAYS_MAX + 1 }, (_, days) => ({
  value: days,
  label: days === 0 ? "Same day" : days === 1 ? "1 day before" : `${days} days before`,
}));
/** Notification channels of the spec: text 1, email 2, both 3. */
export const reminderChannelOptions = [
  { value: 1, label: "Text" },
  { value: 2, label: "Email" },
  { value: 3, label: "Text and email" },
] as const;

export const reminderMessages = {
  daysBefore: `Choose the same day or 1 to ${REMINDER_DAYS_MAX} days before`,
  sendTime: "Send time must be a time of day (HH:MM)",
  channel: "Choose text, email or both",
} as const;

const choice = (message: string, ok: (n: number) => boolean) =>
  z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? NaN : Number(v)),
    z.number({ invalid_type_error: message }).refine((n) => Number.isInteger(n) && ok(n), message),
  );

/** The reminder settings form (/settings/reminders), shared by the browser and the action. */
export const reminderSettingsSchema = z.object({
  appointmentRemindersOn: checkbox(),
  appointmentDaysBefore: choice(reminderMessages.daysBefore, (n) => n >= 0 && n <= REMINDER_DAYS_MAX),
  appointmentSendTime: z
    .string({ required_error: messages.required("Send time") })
    .trim()
    .min(1, messages.required("Send time"))
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, reminderMessages.sendTime),
  appointmentChannel: choice(reminderMessages.channel, (n) => n === 1 || n === 2 || n === 3),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;
