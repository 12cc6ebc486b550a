import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db.server";
import { customerAddresses, customers, tags } from "~/db/schema";
import { adjustCustomerCount, buildSearchText } from "~/models/customers/customers.server";
import { TagType } from "~/models/company/tags.schema";
import { refreshPlannerStatistics } from "~/models/schedule/planner-statistics.server";

const FIRST = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "Christopher",
  "Lisa",
  "Daniel",
  "Nancy",
  "Matthew",
  "Betty",
  "Anthony",
  "Sandra",
  "Mark",
  "Margaret",
  "Donald",
  "Ashley",
  "Steven",
  "Kimberly",
  "Andrew",
  "Emily",
  "Paul",
  "Donna",
  "Joshua",
  "Michelle",
  "Kenneth",
  "Carol",
  "Kevin",
  "Amanda",
  "Brian",
  "Melissa",
  "George",
  "Deborah",
  "Timothy",
  "Stephanie",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
  "Green",
  "Adams",
  "Nelson",
  "Baker",
  "Hall",
  "Rivera",
  "Campbell",
  "Mitchell",
  "Carter",
  "Roberts",
];
const STREETS = [
  "Main St",
  "Oak Ave",
  "Maple Dr",
  "Cedar Ln",
  "Pine St",
  "Elm St",
  "Washington Ave",
  "Lake Rd",
  "Hill St",
  "Park Ave",
  "Sunset Blvd",
  "River Rd",
  "Church St",
  "Spring St",
  "Highland Ave",
  "Forest Dr",
];
const CITIES = [
  ["Springfield", "IL", "62701"],
  ["Austin", "TX", "73301"],
  ["Denver", "CO", "80202"],
  ["Portland", "OR", "97201"],
  ["Columbus", "OH", "43004"],
  ["Raleigh", "NC", "27601"],
  ["Phoenix", "AZ", "85001"],
  ["Tampa", "FL", "33601"],
] as const;
const AREA_CODES = ["212", "312", "415", "617", "206", "303", "512", "602", "813", "919", "614", "503"];
const COMPANIES = [
  "Acme Plumbing",
  "Blue Sky Realty",
  "Northside Dental",
  "Green Leaf Cafe",
  "Summit Property Management",
  "Harbor Fitness",
];
const TAG_NAMES = [
  "VIP",
  "Residential",
  "Commercial",
  "Maintenance Plan",
  "Referral",
  "Do Not Call",
  "New",
  "Seasonal",
];

/** A small deterministic generator, so a seeded company looks the same on every run. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The company's customer tags for seeding: existing ones by name, missing ones created. */
async function seedTags(companyId: number): Promise<number[]> {
  await db
    .insert(tags)
    .values(TAG_NAMES.map((name) => ({ companyId, name, type: TagType.Customer })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.type, TagType.Customer), inArray(tags.name, TAG_NAMES)));
  return rows.map((r) => r.id);
}

/**
 * Bulk-inserts `count` realistic customers (names, emails, phones, one billing property, 0-2
 * tags) for benchmarks and demos, in batches, keeping the list's counter right. Emails and
 * phones are unique within the run.
 */
export async function seedCustomers(
  companyId: number,
  count: number,
  options: { batchSize?: number; seed?: number } = {},
): Promise<{ created: number; tagIds: number[] }> {
  const batchSize = options.batchSize ?? 1000;
  const next = random(options.seed ?? companyId);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const tagIds = await seedTags(companyId);
  const runId = Date.now().toString(36);
  for (let start = 0; start < count; start += batchSize) {
    const size = Math.min(batchSize, count - start);
    const batch = Array.from({ length: size }, (_, k) => {
      const n = start + k;
      const firstName = pick(FIRST);
      const lastName = pick(LAST);
      const [city, state, zip] = pick(CITIES);
      const location = `${100 + Math.floor(next() * 9900)} ${pick(STREETS)}, ${city}, ${state} ${zip}`;
      const exchange = String(200 + (Math.floor(n / 10000) % 800)).padStart(3, "0");
      const mainPhoneNumber = `+1${AREA_CODES[Math.floor(n / 8_000_000) % AREA_CODES.length]}${exchange}${String(n % 10000).padStart(4, "0")}`;
      const email = `${firstName}.${lastName}.${runId}${n}@example.com`.toLowerCase();
      const ownCompanyName = next() < 0.2 ? pick(COMPANIES) : null;
      const chosen = tagIds.filter(() => next() < 0.12).slice(0, 2);
      const input = {
        firstName,
        lastName,
        email,
        additionalEmails: [],
        mainPhoneNumber,
        secondaryPhoneNumbers: [],
        ownCompanyName,
        addresses: [{ location }],
      };
      return {
        row: {
          companyId,
          firstName,
          lastName,
          email,
          mainPhoneNumber,
          ownCompanyName,
          billingLocation: location,
          tagIds: chosen,
          notes: next() < 0.1 ? "Gate code on file" : null,
          searchText: buildSearchText(input),
        },
        location,
      };
    });
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(customers)
        .values(batch.map((b) => b.row))
        .returning({ id: customers.id });
      await tx.insert(customerAddresses).values(
        inserted.map((r, i) => ({
          companyId,
          customerId: r.id,
          location: batch[i].location,
          isBilling: true,
          position: 0,
        })),
      );
      await adjustCustomerCount(tx, companyId, inserted.length);
    });
  }
  await refreshPlannerStatistics(customers);
  return { created: count, tagIds };
}
