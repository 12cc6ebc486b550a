/** Plan features, ids 1..16 in the order of the specification (DECISIONS.md). */
export const PlanFeature = {
  Reminders: 1,
  AutomatedQuoteFollowUps: 2,
  RecurringServicePlans: 3,
  AccountingSync: 4,
  OnMyWayTexts: 5,
  CustomizedMessages: 6,
  ClientManager: 7,
  SchedulingAndDispatching: 8,
  DragAndDropCalendar: 9,
  Quotes: 10,
  Invoicing: 11,
  JobNotesAndAttachments: 12,
  CardProcessing: 13,
  MobilePayments: 14,
  FormsAndChecklists: 15,
  TwoWayText: 16,
} as const;
export type PlanFeatureId = (typeof PlanFeature)[keyof typeof PlanFeature];

export const planFeatureLabels: Record<PlanFeatureId, string> = {
  1: "Reminders",
  2: "Automated quote follow-ups",
  3: "Recurring service plans",
  4: "Accounting sync",
  5: "On-my-way texts",
  6: "Customized messages",
  7: "Client manager",
  8: "Scheduling and dispatching",
  9: "Drag-and-drop calendar",
  10: "Quotes",
  11: "Invoicing",
  12: "Job notes and attachments",
  13: "Card processing",
  14: "Mobile payments",
  15: "Forms and checklists",
  16: "Two-way text",
};

/** Application feature flags: bits of one integer per company, turned on by the super admin. */
export const AppFeature = {
  Estimates: 1,
  Invoicing: 2,
  Scheduling: 4,
  Crm: 8,
  TwoWayText: 16,
  OnlineBooking: 32,
  CustomerPortal: 64,
  ServicePlans: 128,
  Campaigns: 256,
  Expenses: 512,
  Reports: 1024,
  Routing: 2048,
} as const;
export type AppFeatureBit = (typeof AppFeature)[keyof typeof AppFeature];

export const appFeatureLabels: Record<AppFeatureBit, string> = {
  1: "Estimates",
  2: "Invoicing",
  4: "Scheduling",
  8: "CRM",
  16: "Two-way text",
  32: "Online booking",
  64: "Customer portal",
  128: "Service plans",
  256: "Campaigns",
  512: "Expenses",
  1024: "Reports",
  2048: "Routing",
};

/** Flags a new company starts with: everything but two-way text, which the super admin enables. */
export const DEFAULT_APP_FEATURES =
  Object.values(AppFeature).reduce((all, bit) => all | bit, 0) & ~AppFeature.TwoWayText;

export const hasAppFeature = (flags: number, bit: number) => (flags & bit) === bit;
