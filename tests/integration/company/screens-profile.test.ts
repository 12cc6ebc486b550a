import { describe, expect, it } from "vitest";
import { getCompanyProfile } from "~/models/company/company.server";
import { action, loader } from "~/routes/_app+/company-profile";
import { useTestDatabase } from "../../helpers/db";
import { solidImage } from "../../helpers/solid-image";
import { staffCookies } from "../sign-ins";
import { callRoute } from "./call";
import { admin, expectRefusedForm, submit, toastOf } from "./screens-helpers";

useTestDatabase();

/** The 7 day rows as a browser posts them: an unticked day sends no isWorking (undefined is left out). */
const schedule = (days: Record<number, { isWorking?: boolean; start?: string; end?: string }> = {}) => {
  const fields: Record<string, string | undefined> = {};
  for (let day = 0; day < 7; day++) {
    const d = { isWorking: day >= 1 && day <= 5, start: "05:00", end: "22:00", ...days[day] };
    fields[`workingSchedule[${day}].day`] = String(day);
    fields[`workingSchedule[${day}].isWorking`] = d.isWorking ? "on" : undefined;
    fields[`workingSchedule[${day}].start`] = d.start;
    fields[`workingSchedule[${day}].end`] = d.end;
  }
  return fields;
};
const profile = (fields: Record<string, string | Blob | undefined> = {}) =>
  Object.fromEntries(
    Object.entries({
      intent: "save",
      businessName: "Blue Ridge HVAC",
      country: "US",
      timezone: "America/New_York",
      ...schedule(),
      ...fields,
    }).filter((e) => e[1] !== undefined),
  ) as Record<string, string | Blob>;
/** Posts the profile form as this user, the given fields over the defaults. */
const saveProfile = (cookie: string, fields?: Parameters<typeof profile>[0]) =>
  submit(action, "/company-profile", cookie, profile(fields));
const file = (data: Buffer, name: string, type: string) => new File([new Uint8Array(data)], name, { type });

describe("company profile screen", () => {
  it("is for managers only", async () => {
    const { companyId } = await admin();
    for (const cookie of await staffCookies(companyId)) {
      expect((await callRoute(loader, "/company-profile", { cookie })).status).toBe(403);
      expect((await saveProfile(cookie)).status).toBe(403);
    }
  });

  it("shows the profile with the default working week of 05:00-22:00", async () => {
    const { cookie } = await admin();
    const page = await callRoute(loader, "/company-profile", { cookie });
    expect(page.status).toBe(200);
    expect(page.body.currency).toBe("USD");
    expect(page.body.defaults.workingSchedule).toHaveLength(7);
    expect(page.body.defaults.workingSchedule[1]).toEqual({ day: 1, isWorking: true, start: "05:00", end: "22:00" });
    expect(page.body.logoRules).toMatchObject({
      tooLargeMessage: "The file size cannot exceed 5 MB.",
      hint: "At least 256x256px PNG or JPG file",
    });
  });

  it("answers the spec's messages on the fields without JavaScript, values kept", async () => {
    const { cookie } = await admin();
    const invalid = await saveProfile(cookie, {
      businessName: "",
      email: "not-an-email",
      businessPhoneNumber: "123",
      businessWebsite: "nope",
      serviceAreaRadius: "-3",
      ...schedule({ 2: { isWorking: true, start: "18:00", end: "09:00" } }),
    });
    expectRefusedForm(
      invalid,
      {
        businessName: "Business Name is required",
        email: "Incorrect email format",
        businessPhoneNumber: "Phone number must be valid",
        businessWebsite: "Please enter a valid URL (e.g. example.com)",
        serviceAreaRadius: "Service Area Radius must be greater than or equal to 0",
        "workingSchedule[2].end": "End time must be after start time",
      },
      {
        email: "not-an-email",
        workingSchedule: expect.arrayContaining([expect.objectContaining({ start: "18:00" })]),
      },
    );
  });

  it("saves every field; Canada switches currency and phone region", async () => {
    const { cookie, ctx } = await admin();
    const saved = await saveProfile(cookie, {
      businessName: "Maple Plumbing",
      email: "Office@Maple.example",
      businessPhoneNumber: "(416) 967-1111",
      location: "100 Queen St W, Toronto",
      industry: "3",
      companySize: "1",
      businessWebsite: "maple.example.ca",
      serviceAreaRadius: "40",
      businessProfile: "Family plumbers since 1990",
      licenseNumber: "ON-12345",
      followUpOption: "1",
      country: "CA",
      timezone: "America/Toronto",
      ...schedule({ 6: { isWorking: true, start: "08:00", end: "12:00" }, 1: { isWorking: false } }),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/company-profile");
    expect(await toastOf(saved.headers)).toEqual({
      type: "success",
      message: "Company profile was saved successfully!",
    });
    const company = await getCompanyProfile(ctx);
    expect(company).toMatchObject({
      businessName: "Maple Plumbing",
      email: "office@maple.example",
      businessPhoneNumber: "+14169671111",
      location: "100 Queen St W, Toronto",
      industry: 3,
      companySize: 1,
      businessWebsite: "https://maple.example.ca",
      serviceAreaRadius: 40,
      businessProfile: "Family plumbers since 1990",
      licenseNumber: "ON-12345",
      followUpOption: 1,
      country: "CA",
      currency: "CAD",
      phoneRegion: "CA",
      timezone: "America/Toronto",
    });
    expect(company.workingSchedule[6]).toEqual({ day: 6, isWorking: true, start: "08:00", end: "12:00" });
    expect(company.workingSchedule[1].isWorking).toBe(false);
  });

  it("uploads a logo checked by content and removes it", async () => {
    const { cookie, ctx } = await admin();
    const post5 = (logo: File) => saveProfile(cookie, { logo });
    const small = await post5(file(await solidImage(100, 100), "small.png", "image/png"));
    expectRefusedForm(small, { logo: "At least 256x256px PNG or JPG file" }, { businessName: "Blue Ridge HVAC" });
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64");
    expect((await post5(file(gif, "logo.png", "image/png"))).body.fieldErrors).toEqual({
      logo: "At least 256x256px PNG or JPG file",
    });
    const huge = Buffer.concat([await solidImage(300, 300), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await post5(file(huge, "huge.png", "image/png"))).body.fieldErrors).toEqual({
      logo: "The file size cannot exceed 5 MB.",
    });
    expect((await getCompanyProfile(ctx)).logoUrl).toBeNull();

    expect((await post5(file(await solidImage(300, 300), "logo.png", "image/png"))).status).toBe(302);
    const { logoUrl } = await getCompanyProfile(ctx);
    expect(logoUrl).toMatch(/\.png$/);
    const page = await callRoute(loader, "/company-profile?confirm=removeLogo", { cookie });
    expect(page.body.logoUrl).toBe(logoUrl);
    const removed = await submit(action, "/company-profile?confirm=removeLogo", cookie, { intent: "removeLogo" });
    expect(await toastOf(removed.headers)).toEqual({ type: "success", message: "Logo was removed" });
    expect((await getCompanyProfile(ctx)).logoUrl).toBeNull();
  });

  it("changes only the caller's company; an unknown intent is a 400", async () => {
    const a = await admin();
    const b = await admin();
    const before = await getCompanyProfile(a.ctx);
    await saveProfile(b.cookie, { businessName: "B's new name" });
    expect((await getCompanyProfile(a.ctx)).businessName).toBe(before.businessName);
    expect((await getCompanyProfile(b.ctx)).businessName).toBe("B's new name");
    expect((await submit(action, "/company-profile", a.cookie, { intent: "bogus" })).status).toBe(400);
  });
});
