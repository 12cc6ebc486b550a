import { labelledEnum } from "~/utils/labelled-enum";

/** Plan features, ids 1..16 in the order of the specification (DECISIONS.md). */
export const {
  values: PlanFeature,
  labels: planFeatureLabels,
  all: ALL_PLAN_FEATURES,
} = labelledEnum({
  Reminders: [1, "Reminders"],
  AutomatedQuoteFollowUps: [2, "Automated quote follow-ups"],
  RecurringServicePlans: [3, "Recurring service plans"],
  AccountingSync: [4, "Accounting sync"],
  OnMyWayTexts: [5, "On-my-way texts"],
  CustomizedMessages: [6, "Customized messages"],
  ClientManager: [7, "Client manager"],
  SchedulingAndDispatching: [8, "Scheduling and dispatching"],
  DragAndDropCalendar: [9, "Drag-and-drop calendar"],
  Quotes: [10, "Quotes"],
  Invoicing: [11, "Invoicing"],
  JobNotesAndAttachments: [12, "Job notes and attachments"],
  CardProcessing: [13, "Card processing"],
  MobilePayments: [14, "Mobile payments"],
  FormsAndChecklists: [15, "Forms and checklists"],
  TwoWayText: [16, "Two-way text"],
});
export type PlanFeatureId = (typeof ALL_PLAN_FEATURES)[number];

/** Application feature flags: bits of one integer per company, turned on by the super admin. */
export const {
  values: AppFeature,
  labels: appFeatureLabels,
  all: ALL_APP_FEATURES,
} = labelledEnum({
  Estimates: [1, "Estimates"],
  Invoicing: [2, "Invoicing"],
  Scheduling: [4, "Scheduling"],
  Crm: [8, "CRM"],
  TwoWayText: [16, "Two-way text"],
  OnlineBooking: [32, "Online booking"],
  CustomerPortal: [64, "Customer portal"],
  ServicePlans: [128, "Service plans"],
  Campaigns: [256, "Campaigns"],
  Expenses: [512, "Expenses"],
  Reports: [1024, "Reports"],
  Routing: [2048, "Routing"],
});
export type AppFeatureBit = (typeof ALL_APP_FEATURES)[number];

/** Flags a new company starts with: everything but two-way text, which the super admin enables. */
export const DEFAULT_APP_FEATURES =
  ALL_APP_FEATURES.reduce<number>((all, bit) => all | bit, 0) & ~AppFeature.TwoWayText;

export const hasAppFeature = (flags: number, bit: number) => (flags & bit) === bit;
