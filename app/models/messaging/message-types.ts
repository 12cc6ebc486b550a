/**
 * Message template types (spec part 2, section 3). Numbers are the spec's; 1 is ours: the appointment
 * reminder that automatic reminders send, with a fixed wording (not customizable, not on the page).
 */
export const MessageType = {
  JobScheduled: 0,
  AppointmentReminder: 1,
  OnMyWay: 2,
  SendInvoice: 3,
  SendEstimate: 4,
  SendVisitDetails: 5,
} as const;

export type MessageTypeValue = (typeof MessageType)[keyof typeof MessageType];

/** The types a company may reword, in the order the communication page lists them. */
export const CUSTOMIZABLE_MESSAGE_TYPES = [
  MessageType.JobScheduled,
  MessageType.OnMyWay,
  MessageType.SendInvoice,
  MessageType.SendEstimate,
  MessageType.SendVisitDetails,
] as const;

export type CustomizableMessageType = (typeof CUSTOMIZABLE_MESSAGE_TYPES)[number];

export const MESSAGE_TYPE_LABELS: Record<MessageTypeValue, string> = {
  0: "Job Scheduled",
  1: "Appointment Reminder",
  2: "On My Way",
  3: "Send Invoice",
  4: "Send Estimate",
  5: "Send Visit Details",
};

/** When each message goes, in the customer's words, for the communication page. */
export const MESSAGE_TYPE_DESCRIPTIONS: Record<MessageTypeValue, string> = {
  0: "Sent to the customer when a job is scheduled.",
  1: "Sent before a scheduled visit by automatic appointment reminders.",
  2: "Sent when the technician is on the way.",
  3: "Sent with an invoice.",
  4: "Sent with an estimate.",
  5: "Sent with the details of a visit.",
};

export function isMessageType(value: unknown): value is MessageTypeValue {
  return typeof value === "number" && Object.hasOwn(MESSAGE_TYPE_LABELS, value);
}

export function isCustomizableMessageType(value: unknown): value is CustomizableMessageType {
  return (CUSTOMIZABLE_MESSAGE_TYPES as readonly unknown[]).includes(value);
}

/** The variables a message may use, written {{name}} (spec part 2, section 3). */
export const MESSAGE_VARIABLES = [
  "customer_full_name",
  "customer_first_name",
  "company_name",
  "service_address",
  "business_phone",
  "job_title",
  "technician_full_name",
  "online_booking_link",
  "customer_portal_link",
  "direct_portal_link",
  "direct_payment_link",
  "scheduled_date_time",
  "service_date",
] as const;

export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

/** What each variable becomes, for the list beside the editor. */
export const MESSAGE_VARIABLE_DESCRIPTIONS: Record<MessageVariable, string> = {
  customer_full_name: "Customer's first and last name",
  customer_first_name: "Customer's first name",
  company_name: "Your business name",
  service_address: "Address of the job",
  business_phone: "Your business phone number",
  job_title: "Title of the job",
  technician_full_name: "Name of the first technician assigned",
  online_booking_link: "Link to your online booking page",
  customer_portal_link: "Link to the customer portal",
  direct_portal_link: "Link to this visit's page for the customer",
  direct_payment_link: "Link to pay online",
  scheduled_date_time: "Date and time of the visit",
  service_date: "Date of the visit",
};

/** The values of one message; a missing one never shows as {{name}} (see variables.ts). */
export type MessageValues = Partial<Record<MessageVariable, string>>;

export function isMessageVariable(name: string): name is MessageVariable {
  return (MESSAGE_VARIABLES as readonly string[]).includes(name);
}
