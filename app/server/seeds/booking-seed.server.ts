import { and, asc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { bookingQuestions, bookingServices, bookingSettings, priceListItems } from "~/db/schema";
import { defaultWorkHours, QuestionType } from "~/models/booking/booking.schema";

/** The demo company's public booking address: /online-booking/demo-hvac. */
export const DEMO_FORM_URL = "demo-hvac";
const DEMO_SERVICES = ["Diagnostic visit", "AC tune-up", "Furnace tune-up"];

/** The demo company's online booking form: on, three price book services and four questions of different types. */
export async function seedBookingForm(companyId: number, exec: Executor = db): Promise<void> {
  // Weekdays 7:00 am to 6:00 pm, closed on Sundays.
  const workHours = defaultWorkHours().map((d) => ({
    ...d,
    isOpen: d.weekday !== 0,
    startMinutes: 7 * 60,
    endMinutes: 18 * 60,
  }));
  await exec.insert(bookingSettings).values({
    companyId,
    formUrl: DEMO_FORM_URL,
    isEnabled: true,
    needsApproval: true,
    durationMinutes: 120,
    leadTimeAmount: 4,
    bufferMinutes: 30,
    workHours,
    introText: "Tell us what you need and pick a time: we confirm every request by phone.",
  });
  const services = await exec
    .select({ id: priceListItems.id })
    .from(priceListItems)
    .where(and(eq(priceListItems.companyId, companyId), inArray(priceListItems.name, DEMO_SERVICES)))
    .orderBy(asc(priceListItems.id));
  if (services.length > 0)
    await exec
      .insert(bookingServices)
      .values(services.map((s, position) => ({ companyId, priceListItemId: s.id, position })));
  const questions = [
    {
      type: QuestionType.Dropdown,
      label: "What kind of system do you have?",
      isRequired: true,
      options: ["Central air", "Heat pump", "Furnace", "Ductless mini-split", "Not sure"],
    },
    { type: QuestionType.TextArea, label: "Describe the problem", isRequired: false, options: [] },
    { type: QuestionType.Radio, label: "Will someone be home?", isRequired: true, options: ["Yes", "No"] },
    { type: QuestionType.UploadImage, label: "Photo of the unit's label", isRequired: false, options: [] },
  ];
  await exec.insert(bookingQuestions).values(questions.map((q, position) => ({ companyId, ...q, position })));
}
