import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { notFound } from "~/access/access.server";
import { unknownIntent } from "~/http/forms.server";
import { parseNested } from "~/http/request-data.server";
import { applyPlan } from "~/models/routing/apply.server";
import { planDay, type DayPlan } from "~/models/routing/plan.server";
import { applyPlanSchema, planQuerySchema, routingSettingsFormSchema } from "~/models/routing/routing.schema";
import { disableRouting, getRoutingSettings, saveRoutingSettings } from "~/models/routing/routing-settings.server";
import { RuleError } from "~/models/rules";
import { todayIn } from "~/models/schedule/schedule.server";
import { env } from "~/server/env.server";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";

const PAGE = "/routing";

/** The page: the settings, the chosen day (?date=, today by default) and, when asked (?plan=1), its plan. */
export async function routingPage(ctx: CallerContext, url: URL, timezone: string) {
  const settings = await getRoutingSettings(ctx);
  const query = planQuerySchema.safeParse({
    date: url.searchParams.get("date") ?? todayIn(timezone),
    reassign: url.searchParams.get("reassign") ?? undefined,
  });
  const date = query.success ? query.data.date : todayIn(timezone);
  const reassign = query.success && query.data.reassign;
  let plan: DayPlan | null = null;
  let planError: string | null = null;
  if (settings.isEnabled && url.searchParams.get("plan") === "1") {
    try {
      plan = await planDay(ctx, date, { reassign });
    } catch (error) {
      // An outside engine (VROOM, OSRM) that is down or answers nonsense: say so on the page.
      console.error(`routing: planning ${date} failed: ${error instanceof Error ? error.message : String(error)}`);
      planError = "The routes could not be planned right now. Try again in a minute.";
    }
  }
  return {
    settings: {
      isEnabled: settings.isEnabled,
      priority: settings.priority,
      startAddress: settings.startAddress ?? "",
      endAddress: settings.endAddress ?? "",
      startLocated: !!settings.startGeoData,
      endLocated: !!settings.endGeoData,
    },
    date,
    reassign,
    dateError: query.success ? null : "Date must be a date (YYYY-MM-DD)",
    plan,
    planError,
    mapsApiKey: env().GOOGLE_MAPS_API_KEY ?? null,
  };
}

const refused = (form: "settings" | "apply", errors: Record<string, string>, values: unknown) =>
  json({ form, errors, values }, { status: 400 });

async function saveSettings(ctx: CallerContext, formData: FormData) {
  const values = {
    priority: formData.get("priority"),
    startAddress: formData.get("startAddress") ?? "",
    endAddress: formData.get("endAddress") ?? "",
    isEnabled: formData.get("isEnabled") ?? undefined,
  };
  const input = routingSettingsFormSchema.safeParse(values);
  if (!input.success) return refused("settings", fieldErrors(input.error), values);
  await saveRoutingSettings(ctx, input.data);
  return toasts().redirectWithSuccess(PAGE, "Route optimisation settings were saved");
}

async function disable(ctx: CallerContext) {
  await disableRouting(ctx);
  return toasts().redirectWithSuccess(PAGE, "Route optimisation was turned off");
}

/** Apply: the plan as posted (visits[i].id, start, end, windowEnd, employeeId, scope), checked again here. */
async function apply(ctx: CallerContext, formData: FormData, timezone: string) {
  const form = parseNested(formData.entries());
  const input = applyPlanSchema.safeParse({ date: form.date, visits: form.visits });
  if (!input.success) return refused("apply", fieldErrors(input.error), {});
  let moved: number | null;
  try {
    moved = await applyPlan(ctx, input.data, timezone);
  } catch (error) {
    if (error instanceof RuleError) return refused("apply", error.fieldErrors, {});
    throw error;
  }
  if (moved === null) notFound();
  const to = `${PAGE}?date=${input.data.date}`;
  return toasts().redirectWithSuccess(
    to,
    moved === 0
      ? "The schedule already follows these routes"
      : `Routes applied: ${moved} visit${moved === 1 ? "" : "s"} moved`,
  );
}

/** The page's forms, by the submit button's intent. */
export function routingAction(ctx: CallerContext, formData: FormData, timezone: string) {
  switch (formData.get("intent")) {
    case "save":
      return saveSettings(ctx, formData);
    case "disable":
      return disable(ctx);
    case "apply":
      return apply(ctx, formData, timezone);
    default:
      return unknownIntent();
  }
}
