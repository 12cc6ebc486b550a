import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { notFound } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { absoluteUrl } from "~/http/app-url.server";
import { unknownIntent } from "~/http/forms.server";
import { recordId } from "~/http/record-id";
import { parseNested } from "~/http/request-data.server";
import { bookingSettingsSchema, questionSchema } from "~/models/booking/booking.schema";
import {
  addQuestion,
  deleteQuestion,
  getBookingSettings,
  getQuestion,
  listQuestions,
  listServiceChoices,
  moveQuestion,
  saveBookingSettings,
  updateQuestion,
} from "~/models/booking/booking-settings.server";
import { RuleError } from "~/models/rules";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";

const PAGE = "/online-booking-settings";

/** A question id from the query (?question=, ?delete=): null when absent, 404 when not the company's. */
async function questionFromQuery(ctx: CallerContext, url: URL, name: string) {
  const raw = url.searchParams.get(name);
  if (raw === null) return null;
  const id = recordId(raw);
  const question = id === null ? null : await getQuestion(ctx, id);
  return question ?? notFound();
}

/** Everything the page shows: the settings, the price book services, the questions and the one being edited. */
export async function onlineBookingPage(ctx: CallerContext, url: URL) {
  const [settings, services, questions, editing, deleting] = await Promise.all([
    getBookingSettings(ctx.companyId),
    listServiceChoices(ctx.companyId),
    listQuestions(ctx.companyId),
    questionFromQuery(ctx, url, "question"),
    questionFromQuery(ctx, url, "delete"),
  ]);
  return {
    settings,
    services,
    questions,
    editing,
    deleting,
    publicUrl: absoluteUrl(screens.onlineBooking.pattern.replace(":formUrl", settings.formUrl)),
  };
}

/** A failed post: the errors by field and the values as posted, for the form named by `form`. */
const refused = (form: "settings" | "question", errors: Record<string, string>, values: unknown) =>
  json({ form, errors, values }, { status: 400 });

/** The settings form: nested fields (workHours[0].isOpen, serviceIds) into the schema, then one save. */
async function saveSettings(ctx: CallerContext, formData: FormData) {
  const form = parseNested(formData.entries());
  const values = { ...form, serviceIds: ([] as unknown[]).concat(form.serviceIds ?? []) };
  const input = bookingSettingsSchema.safeParse(values);
  if (!input.success) return refused("settings", fieldErrors(input.error), values);
  try {
    await saveBookingSettings(ctx, input.data);
  } catch (error) {
    if (error instanceof RuleError) return refused("settings", error.fieldErrors, values);
    throw error;
  }
  return toasts().redirectWithSuccess(PAGE, "Online booking settings were saved successfully!");
}

/** Add (no id) or edit (id) one question. */
async function saveQuestion(ctx: CallerContext, formData: FormData) {
  const values = {
    type: formData.get("type"),
    label: formData.get("label"),
    isRequired: formData.get("isRequired"),
    options: formData.get("options") ?? "",
  };
  const input = questionSchema.safeParse(values);
  const rawId = formData.get("questionId");
  const id = rawId === null || rawId === "" ? null : (recordId(rawId) ?? notFound());
  if (!input.success) return refused("question", fieldErrors(input.error), { ...values, questionId: id });
  if (id === null) {
    try {
      await addQuestion(ctx, input.data);
    } catch (error) {
      if (error instanceof RuleError) return refused("question", error.fieldErrors, values);
      throw error;
    }
    return toasts().redirectWithSuccess(`${PAGE}#questions`, "Question was added");
  }
  if (!(await updateQuestion(ctx, id, input.data))) notFound();
  return toasts().redirectWithSuccess(`${PAGE}#questions`, "Question was saved");
}

async function removeQuestion(ctx: CallerContext, formData: FormData) {
  const id = recordId(formData.get("questionId"));
  if (id === null || !(await deleteQuestion(ctx, id))) notFound();
  return toasts().redirectWithSuccess(`${PAGE}#questions`, "Question was deleted");
}

async function reorderQuestion(ctx: CallerContext, formData: FormData) {
  const id = recordId(formData.get("questionId"));
  const direction = formData.get("direction");
  if (direction !== "up" && direction !== "down") return json({ message: "Unknown direction" }, { status: 400 });
  if (id === null || !(await moveQuestion(ctx, id, direction === "up" ? -1 : 1))) notFound();
  return toasts().redirectWithSuccess(`${PAGE}#questions`, "Question was moved");
}

/** The page's forms, by the submit button's intent. */
export function onlineBookingAction(ctx: CallerContext, formData: FormData) {
  switch (formData.get("intent")) {
    case "save":
      return saveSettings(ctx, formData);
    case "saveQuestion":
      return saveQuestion(ctx, formData);
    case "deleteQuestion":
      return removeQuestion(ctx, formData);
    case "moveQuestion":
      return reorderQuestion(ctx, formData);
    default:
      return unknownIntent();
  }
}
