// Run from source with `node --import tsx tests/e2e/booking-requests-seed.ts <out.json> <count>`, with the
// server's environment (DATA_DIR, SEED_DEMO, DEMO_PASSWORD), before the server opens the embedded database:
// boots the app once (migrations, demo company), stores `count` new booking requests of the demo company as
// the public form leaves them, and writes their ids.
import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { bookingRequests, bookingRequestTimelineEvents, users } from "~/db/schema";
import { BookingRequestEvent, QuestionType } from "~/models/booking/booking.schema";
import { boot, shutdown } from "~/server/boot.server";
import { DEMO_LOGINS } from "~/server/seeds/demo-seed.server";

export type SeededRequests = { companyId: number; requestIds: number[] };

const [outFile, countText] = process.argv.slice(2);
if (!outFile) throw new Error("usage: booking-requests-seed.ts <out.json> <count>");

await boot();
const techEmail = DEMO_LOGINS.find((l) => l.role === "field tech")!.email;
const [tech] = await db
  .select({ id: users.id, companyId: users.companyId })
  .from(users)
  .where(eq(users.email, techEmail));
const requestIds: number[] = [];
for (let i = 0; i < Number(countText || 1); i++) {
  const start = new Date(Date.UTC(2031, 2, 3 + i, 14));
  const [row] = await db
    .insert(bookingRequests)
    .values({
      companyId: tech.companyId,
      startTime: start,
      endTime: new Date(start.getTime() + 2 * 3600_000),
      timezone: "America/New_York",
      employeeId: tech.id,
      serviceName: "Furnace tune-up",
      firstName: `Rosa${i}`,
      lastName: "Request",
      email: `rosa${i}.request@example.com`,
      phone: `+1704555${String(3000 + i)}`,
      location: `${10 + i} Booking Ln, Asheville, NC`,
      notes: "Dog in the yard",
      answers: [
        { questionId: 1, type: QuestionType.Dropdown, label: "System type", value: "Heat pump" },
        { questionId: 2, type: QuestionType.TextArea, label: "What is wrong?", value: "Blows cold air" },
      ],
      submissionKey: `e2e-requests-${Date.now()}-${i}`,
    })
    .returning({ id: bookingRequests.id });
  await db
    .insert(bookingRequestTimelineEvents)
    .values({ companyId: tech.companyId, requestId: row.id, type: BookingRequestEvent.Received, actorType: 2 });
  requestIds.push(row.id);
}
writeFileSync(outFile, JSON.stringify({ companyId: tech.companyId, requestIds } satisfies SeededRequests));
await shutdown();
process.exit(0);
