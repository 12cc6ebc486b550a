import { z } from "zod";
import { EditScope } from "~/models/jobs/jobs.schema";
import { isDateText, splitWall } from "~/models/schedule/schedule";
import { checkbox, optionalText } from "~/utils/validation";

/** What the planner puts first (Company settings, Routing: priority). */
export const RoutingPriority = { ShortestDrive: 0, FewestTechnicians: 1, KeepTechnicians: 2 } as const;
export type RoutingPriorityValue = (typeof RoutingPriority)[keyof typeof RoutingPriority];
export const ROUTING_PRIORITIES = [
  { value: RoutingPriority.ShortestDrive, label: "Shortest drive time" },
  { value: RoutingPriority.FewestTechnicians, label: "Fewest technicians" },
  { value: RoutingPriority.KeepTechnicians, label: "Keep assigned technicians" },
] as const;
export const routingPriorityLabel = (value: number) =>
  ROUTING_PRIORITIES.find((p) => p.value === value)?.label ?? ROUTING_PRIORITIES[0].label;

export const ADDRESS_MAX = 500;
/** One day's plan is for a company's day, not a fleet: more visits than this are refused. */
export const PLAN_VISITS_MAX = 300;

const priorityField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce
    .number({ required_error: "Priority is required", invalid_type_error: "Priority is required" })
    .int("Choose a priority")
    .refine((v) => ROUTING_PRIORITIES.some((p) => p.value === v), "Choose a priority"),
);

/** PATCH /company-settings/routing {priority, startAddress, endAddress}: saving turns routing on. */
export const routingSettingsSchema = z.object({
  priority: priorityField,
  startAddress: optionalText("Start address", { max: ADDRESS_MAX }),
  endAddress: optionalText("End address", { max: ADDRESS_MAX }),
});
export type RoutingSettingsInput = z.infer<typeof routingSettingsSchema>;

/** The screen's form: the same fields and the on/off checkbox. */
export const routingSettingsFormSchema = routingSettingsSchema.extend({ isEnabled: checkbox() });

/** ?date=YYYY-MM-DD&plan=1&reassign=on: which day, whether to plan, whether visits may change technician. */
export const planQuerySchema = z.object({
  date: z.string().refine(isDateText, "Date must be a date (YYYY-MM-DD)"),
  reassign: checkbox(),
});

const wall = (label: string) =>
  z.string().refine((v) => splitWall(v) !== null, `${label} must be a date and time (YYYY-MM-DDTHH:mm)`);

/** One visit of the Apply post: its new times (wall clock, the company's zone) and technician. */
export const appliedVisitSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    start: wall("Start"),
    end: wall("End"),
    /** The window's last arrival time, kept from the visit's promise to the customer. */
    windowEnd: wall("Arrival window end"),
    employeeId: z.coerce.number().int().positive(),
    scope: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce.number().int().min(EditScope.OnlyThis).max(EditScope.All).default(EditScope.OnlyThis),
    ),
  })
  // A malformed time already has its message: no second one on the end.
  .refine((v) => !splitWall(v.start) || !splitWall(v.end) || v.end > v.start, {
    message: "End time must be after start time",
    path: ["end"],
  });

export const applyPlanSchema = z.object({
  date: z.string().refine(isDateText, "Date must be a date (YYYY-MM-DD)"),
  visits: z.array(appliedVisitSchema).min(1, "The plan has no visits").max(PLAN_VISITS_MAX),
});
export type ApplyPlanInput = z.infer<typeof applyPlanSchema>;
