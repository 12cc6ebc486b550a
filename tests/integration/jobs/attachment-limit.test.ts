// Job attachments have the customers' count limit (20 per list) with the spec's message, on the API
// and on the job details screen alike (one rule: attachmentCountError).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db.server";
import { jobAttachments } from "~/db/schema";
import { ATTACHMENT_LIMIT, attachmentMessages } from "~/models/files/file-rules";
import { addAttachment } from "~/models/jobs/jobs.server";
import { action as detailsAction } from "~/routes/_app+/jobs+/$id";
import { action as createAction } from "~/routes/api+/jobs+/_layout";
import { action as attachmentAction } from "~/routes/api+/jobs+/attachment";
import { action as currentStateAction } from "~/routes/api+/jobs+/currentStateAttachment";
import { useTestDatabase } from "../../helpers/db";
import { makeRequest, runRoute, sessionCookie } from "../../helpers/factories";
import { jobsFixture } from "./fixtures";
import { pngUploadForm } from "../../helpers/tiny-png";

// Files of this test go to a temporary folder (read when the first upload is stored).
process.env.UPLOADS_DIR ??= mkdtempSync(path.join(tmpdir(), "job-attachments-"));

useTestDatabase();

const uploadForm = (jobId: number, name: string) => pngUploadForm("jobId", jobId, name);

async function json(
  handler: (args: ActionFunctionArgs) => Promise<unknown>,
  request: Request,
  params: Record<string, string> = {},
) {
  const res = await runRoute(handler as never, request, params);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("job attachments' count limit", () => {
  it("refuses the attachment past the limit with the spec's message, on the API and the screen, each list on its own", async () => {
    const f = await jobsFixture();
    const admin = await sessionCookie(f.adminId);
    const created = await json(
      createAction,
      makeRequest("/api/jobs", { method: "POST", cookie: admin, json: { customerId: f.customerId } }),
    );
    const jobId = created.body.data.id as number;
    // All but one place taken.
    for (let i = 1; i < ATTACHMENT_LIMIT; i++) {
      await addAttachment(f.admin, jobId, "attachment", {
        key: `${f.companyId}/jobs/k${i}`,
        url: `/files/${f.companyId}/jobs/k${i}.png`,
        fileName: `k${i}.png`,
        contentType: "image/png",
        size: 10,
      });
    }
    const last = await json(
      attachmentAction,
      makeRequest("/api/jobs/attachment", { method: "POST", cookie: admin, body: uploadForm(jobId, "last.png") }),
    );
    expect(last.status).toBe(201);

    const refused = await json(
      attachmentAction,
      makeRequest("/api/jobs/attachment", { method: "POST", cookie: admin, body: uploadForm(jobId, "one-more.png") }),
    );
    expect(refused).toEqual({
      status: 400,
      body: { message: attachmentMessages.limitExceeded, errors: { files: attachmentMessages.limitExceeded } },
    });
    expect(attachmentMessages.limitExceeded).toBe("Attachment upload limit exceeded.");

    const screen = await runRoute(
      detailsAction as never,
      makeRequest(`/jobs/${jobId}`, { method: "POST", cookie: admin, body: uploadForm(jobId, "from-screen.png") }),
      { id: String(jobId) },
    );
    expect(screen.status).toBe(400);
    expect(await screen.json()).toEqual({ errors: { attachment: "Attachment upload limit exceeded." } });

    const [{ n }] = await db
      .select({ n: count() })
      .from(jobAttachments)
      .where(and(eq(jobAttachments.jobId, jobId), eq(jobAttachments.companyId, f.companyId)));
    expect(n).toBe(ATTACHMENT_LIMIT);

    // The current-state list has its own 20 places.
    const state = await json(
      currentStateAction,
      makeRequest("/api/jobs/currentStateAttachment", {
        method: "POST",
        cookie: admin,
        body: uploadForm(jobId, "state.png"),
      }),
    );
    expect(state.status).toBe(201);
  });
});
