import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobTimelineEvents } from "~/db/schema";
import { jobCreateSchema, TimelineEvent } from "~/models/jobs/jobs.schema";
import { createJob } from "~/models/jobs/jobs.server";
import { action as signAction } from "~/routes/api+/jobs+/$id_.sign";
import { readStoredFile, keyFromUrl } from "~/services/storage.server";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, run } from "../jobs/fixtures";

useTestDatabase();

const sign = async (userId: number, jobId: number, json: unknown) =>
  run(
    signAction,
    `/api/jobs/${jobId}/sign`,
    { method: "POST", cookie: await sessionCookie(userId), json },
    {
      id: String(jobId),
    },
  );

describe("POST /api/jobs/{id}/sign", () => {
  it("keeps the typed name and the drawn image on the timeline; refuses bad or large images and others' jobs", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const { id } = await createJob(
      f.admin,
      jobCreateSchema.parse({
        customerId: f.customerId,
        startTime: "2030-05-01T13:00:00Z",
        employeeIds: [f.techId],
      }),
    );
    const png = await sharp({ create: { width: 400, height: 150, channels: 4, background: "#ffffff00" } })
      .png()
      .toBuffer();
    const signed = await sign(f.techId, id, {
      name: "Grace Hopper",
      signature: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(signed.status).toBe(201);
    const { data } = (await signed.json()) as { data: { imageUrl: string; name: string } };
    expect(data.name).toBe("Grace Hopper");
    const stored = await readStoredFile(keyFromUrl(data.imageUrl)!);
    expect(stored?.contentType).toBe("image/png");
    const [event] = await db
      .select()
      .from(jobTimelineEvents)
      .where(and(eq(jobTimelineEvents.jobId, id), eq(jobTimelineEvents.type, TimelineEvent.Signed)));
    expect(event).toMatchObject({ reason: "Grace Hopper", actorUserId: f.techId });
    expect((await sign(f.techId, id, { name: "Only a name" })).status).toBe(201);

    expect((await sign(f.techId, id, {})).status).toBe(400);
    expect((await sign(f.techId, id, { signature: "data:image/svg+xml;base64,PHN2Zz4=" })).status).toBe(400);
    expect((await sign(f.techId, id, { signature: "data:image/png;base64,bm90IGFuIGltYWdl" })).status).toBe(400);
    const huge = Buffer.alloc(250_000, 1).toString("base64");
    expect((await sign(f.techId, id, { signature: `data:image/png;base64,${huge}` })).status).toBe(400);
    expect((await sign(f.otherTechId, id, { name: "Not assigned" })).status).toBe(404);
    expect((await sign(other.adminId, id, { name: "Other company" })).status).toBe(404);
  });
});
