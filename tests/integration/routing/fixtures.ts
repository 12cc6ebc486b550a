import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, jobs } from "~/db/schema";
import { sessionCookie } from "../../helpers/factories";
import { jobsFixture } from "../jobs/fixtures";
import { visitsIn } from "../schedule/fixtures";

/** A Tuesday far ahead (the default working week: Monday to Friday, 05:00 am to 10:00 pm). */
export const DAY = "2031-04-15";
export const TZ = "America/New_York";
export const DEPOT = { latitude: 35.2271, longitude: -80.8431 };

/** Gives a visit its address, coordinates (or none) and arrival window. */
export async function placeVisit(
  id: number,
  location: string,
  geo: { latitude: number; longitude: number } | null,
  window = 0,
) {
  await db.update(jobs).set({ location, geoData: geo, arrivalWindowOffset: window }).where(eq(jobs.id, id));
}

/**
 * A company in Charlotte with two technicians and six visits of DAY with coordinates. Tech A's
 * order drives across town twice: the visit far east fits later in its window, after the one
 * near the office, right before the other one in the east.
 */
export async function routingWorld() {
  const f = await jobsFixture(TZ);
  await db
    .update(companies)
    .set({ location: "1200 Tryon St, Charlotte, NC", geoData: DEPOT })
    .where(eq(companies.id, f.companyId));
  const at = visitsIn(f, TZ);
  const a = f.techId;
  const b = f.otherTechId;
  const eastEarly = await at(`${DAY}T09:00`, `${DAY}T10:00`, { employeeIds: [a], name: "East early" });
  const nearOffice = await at(`${DAY}T10:30`, `${DAY}T11:30`, { employeeIds: [a], name: "Near office" });
  const eastLate = await at(`${DAY}T13:00`, `${DAY}T14:00`, { employeeIds: [a], name: "East late" });
  const northFixed = await at(`${DAY}T09:00`, `${DAY}T09:30`, { employeeIds: [b], name: "North fixed" });
  const south = await at(`${DAY}T11:00`, `${DAY}T12:00`, { employeeIds: [b], name: "South" });
  const northLate = await at(`${DAY}T14:00`, `${DAY}T15:00`, { employeeIds: [b], name: "North late" });
  await placeVisit(eastEarly, "10 East Rd, Charlotte", { latitude: 35.23, longitude: -80.7 }, 180);
  await placeVisit(nearOffice, "20 West St, Charlotte", { latitude: 35.227, longitude: -80.85 }, 180);
  await placeVisit(eastLate, "30 East Rd, Charlotte", { latitude: 35.235, longitude: -80.71 }, 120);
  await placeVisit(northFixed, "40 North Ave, Charlotte", { latitude: 35.3, longitude: -80.84 }, 0);
  await placeVisit(south, "50 South Blvd, Charlotte", { latitude: 35.21, longitude: -80.83 }, 120);
  await placeVisit(northLate, "60 North Ave, Charlotte", { latitude: 35.29, longitude: -80.83 }, 60);
  return {
    ...f,
    at,
    cookie: await sessionCookie(f.adminId),
    visits: { eastEarly, nearOffice, eastLate, northFixed, south, northLate },
  };
}
