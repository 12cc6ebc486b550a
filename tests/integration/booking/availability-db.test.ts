import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { bookingRequests, jobs, users } from "~/db/schema";
import { Role } from "~/access/roles";
import { bookableEmployees, loadBusySpans } from "~/models/booking/availability.server";
import { estimateCreateSchema } from "~/models/estimates/estimates.schema";
import { createEstimate } from "~/models/estimates/estimates.server";
import { wallToInstant } from "~/models/schedule/schedule.server";
import { createTestCompany, createTestUser } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, wallDate } from "../jobs/fixtures";
import { visitsIn } from "../schedule/fixtures";

useTestDatabase();

const NY = "America/New_York";
const day = wallDate(new Date(Date.now() + 3 * 86_400_000), NY);
const at = (time: string) => wallToInstant(`${day}T${time}`, NY)!;

describe("who is bookable and when they are busy", () => {
  it("books field techs (never office staff); a company without them books its admins", async () => {
    const f = await jobsFixture(NY);
    await createTestUser(f.companyId, Role.OfficeStaff);
    expect(await bookableEmployees(f.companyId)).toEqual([f.techId, f.otherTechId]);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, f.otherTechId));
    expect(await bookableEmployees(f.companyId)).toEqual([f.techId]);
    const alone = await createTestCompany();
    await createTestUser(alone.companyId, Role.OfficeStaff);
    expect(await bookableEmployees(alone.companyId)).toEqual([alone.userId]);
  });

  it("counts job visits, estimate visits and open requests; not cancelled ones, past requests or other employees", async () => {
    const f = await jobsFixture(NY);
    const visit = visitsIn(f, NY);
    await visit(`${day}T09:00`, `${day}T10:00`, { employeeIds: [f.techId] });
    const cancelled = await visit(`${day}T11:00`, `${day}T12:00`, { employeeIds: [f.techId] });
    await db.update(jobs).set({ status: 6 }).where(eq(jobs.id, cancelled));
    await createEstimate(
      f.admin,
      estimateCreateSchema.parse({
        customerId: f.customerId,
        startTime: at("13:00").toISOString(),
        endTime: at("14:00").toISOString(),
        timezone: NY,
        employeeIds: [f.otherTechId],
      }),
    );
    const request = (status: number, isPast: boolean, hour: string) => ({
      companyId: f.companyId,
      status,
      isPast,
      startTime: at(`${hour}:00`),
      endTime: at(`${hour}:30`),
      timezone: NY,
      employeeId: f.techId,
      firstName: "Req",
      location: "1 Main St",
      submissionKey: `avail-${status}-${isPast}-${hour}`.padEnd(20, "a"),
    });
    await db.insert(bookingRequests).values([request(1, false, "15"), request(3, false, "16"), request(0, true, "17")]);

    const spans = await loadBusySpans(f.companyId, [f.techId, f.otherTechId], at("00:00"), at("23:00"));
    const seen = spans
      .map((s) => [s.employeeId, new Date(s.start).toISOString(), new Date(s.end).toISOString()])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(seen).toEqual([
      [f.techId, at("09:00").toISOString(), at("10:00").toISOString()],
      [f.otherTechId, at("13:00").toISOString(), at("14:00").toISOString()],
      [f.techId, at("15:00").toISOString(), at("15:30").toISOString()],
    ]);
    // Only the asked employees, and only what overlaps the range.
    expect(await loadBusySpans(f.companyId, [f.otherTechId], at("09:30"), at("12:00"))).toEqual([]);
    expect(await loadBusySpans(f.companyId, [f.techId], at("09:30"), at("09:45"))).toHaveLength(1);
  });
});
