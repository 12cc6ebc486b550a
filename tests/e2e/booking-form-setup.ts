// A fresh company with an enabled online booking form, made over HTTP on a running server (the
// online booking e2e, load and security tests, and bench/booking.mjs: so no test runner here):
// sign-up, the settings page's posts, the profile call.

/** Throws with the answer's body when a set-up step did not get the status it needs. */
async function expectStatus(response: Response, accepted: (status: number) => boolean, step: string) {
  if (!accepted(response.status)) throw new Error(`${step}: ${response.status} ${await response.text()}`);
}

let serial = 0;
/** Each call from its own address (where the server trusts a proxy), so no sign-up limit answers in the test's place. */
function send(origin: string, path: string, init: { cookie?: string; json?: unknown; form?: URLSearchParams } = {}) {
  const headers = new Headers({ "X-Forwarded-For": `203.0.113.${++serial % 250}` });
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return fetch(`${origin}${path}`, {
    method: init.json !== undefined || init.form ? "POST" : "GET",
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
    redirect: "manual",
  });
}

export type BookingFormSetup = { cookie: string; companyId: number; formUrl: string };
type Question = { type: number; label: string; isRequired?: boolean; options?: string[] };

export async function createBookingForm(
  origin: string,
  { name, questions = [], needsApproval = true }: { name: string; questions?: Question[]; needsApproval?: boolean },
): Promise<BookingFormSetup> {
  const stamp = `${Date.now().toString(36)}${++serial}`;
  const signUp = await send(origin, "/api/account/sign-up", {
    json: {
      email: `owner-${stamp}@${name.toLowerCase()}.test`,
      firstName: "Olga",
      lastName: "Owner",
      phoneNumber: "+17045550166",
      password: "Secret123!",
      businessName: `${name} ${stamp}`,
      industry: 1,
      companySize: 1,
      country: "US",
    },
  });
  await expectStatus(signUp, (s) => s < 300, "sign-up");
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const profile = await send(origin, "/api/company", { cookie });
  const companyId = ((await profile.json()) as { data: { id: number } }).data.id;
  const formUrl = `${name.toLowerCase()}-${stamp}`;
  const settings = new URLSearchParams({
    intent: "save",
    formUrl,
    isEnabled: "on",
    durationMinutes: "60",
    leadTimeAmount: "0",
    leadTimeUnit: "0",
    bufferMinutes: "0",
    serviceAreaRadius: "",
    introText: "",
  });
  if (needsApproval) settings.set("needsApproval", "on");
  for (let day = 0; day < 7; day++) {
    settings.set(`workHours[${day}].weekday`, String(day));
    settings.set(`workHours[${day}].isOpen`, "on");
    settings.set(`workHours[${day}].startMinutes`, "0");
    settings.set(`workHours[${day}].endMinutes`, String(24 * 60));
  }
  const saved = await send(origin, "/online-booking-settings", { cookie, form: settings });
  await expectStatus(saved, (s) => s === 302, "booking settings");
  for (const q of questions) {
    const form = new URLSearchParams({
      intent: "saveQuestion",
      type: String(q.type),
      label: q.label,
      options: (q.options ?? []).join("\n"),
    });
    if (q.isRequired) form.set("isRequired", "on");
    const added = await send(origin, "/online-booking-settings", { cookie, form });
    await expectStatus(added, (s) => s === 302, "question");
  }
  return { cookie, companyId, formUrl };
}

/** The form's open window starts, as the page lists them (ISO instants of the first day shown). */
export async function offeredStarts(origin: string, formUrl: string, day?: string): Promise<string[]> {
  const page = await send(origin, `/online-booking/${formUrl}${day ? `?day=${day}` : ""}`);
  await expectStatus(page, (s) => s === 200, "booking form");
  return [...(await page.text()).matchAll(/name="startTime" value="([^"]+)"/g)].map((m) => m[1]!);
}

/** The days the page offers ('YYYY-MM-DD'). */
export async function offeredDays(origin: string, formUrl: string): Promise<string[]> {
  const page = await send(origin, `/online-booking/${formUrl}`);
  return [...(await page.text()).matchAll(/<option value="(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]!);
}
