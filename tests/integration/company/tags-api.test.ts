import { describe, expect, it } from "vitest";
import { Role } from "~/access/roles";
import { TagType } from "~/models/company/tags.schema";
import { action as tagsAction } from "~/routes/api+/tags+/_layout";
import { action as tagDelete } from "~/routes/api+/tags+/$tagId";
import { loader as tagsByType } from "~/routes/api+/tags+/by-type";
import { action as sourcesAction, loader as sourcesLoader } from "~/routes/api+/company+/lead-sources";
import { action as sourceDelete } from "~/routes/api+/company+/lead-sources.$sourceId";
import { createTestCompany, createTestUser, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { PRESET_LEAD_SOURCES } from "../lead-source-presets";
import { signedInAdmin } from "../sign-ins";
import { callRoute } from "./call";

useTestDatabase();

describe("tags API", () => {
  it("creates, lists by type, renames and deletes tags of the caller's company", async () => {
    const { cookie } = await signedInAdmin();
    const created = await callRoute(tagsAction, "/api/tags", {
      method: "POST",
      cookie,
      json: { name: "VIP", type: TagType.Customer },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), label: "VIP" });
    await callRoute(tagsAction, "/api/tags", { method: "POST", cookie, json: { name: "Urgent", type: TagType.Job } });

    const customers = await callRoute(tagsByType, "/api/tags/by-type?type=0", { cookie });
    expect(customers.body).toEqual({ data: [{ id: created.body.data.id, label: "VIP" }] });

    const duplicate = await callRoute(tagsAction, "/api/tags", {
      method: "POST",
      cookie,
      json: { name: "vip", type: 0 },
    });
    expect(duplicate).toEqual({ status: 400, body: { errors: { name: "A tag named 'vip' already exists" } } });
    // the same name is fine for another type
    expect(
      (
        await callRoute(tagsAction, "/api/tags", {
          method: "POST",
          cookie,
          json: { name: "VIP", type: TagType.Invoice },
        })
      ).status,
    ).toBe(201);

    const renamed = await callRoute(tagsAction, "/api/tags", {
      method: "PUT",
      cookie,
      json: { id: created.body.data.id, name: "Gold" },
    });
    expect(renamed.body.data.label).toBe("Gold");

    const deleted = await callRoute(
      tagDelete,
      `/api/tags/${created.body.data.id}`,
      { method: "DELETE", cookie },
      {
        tagId: String(created.body.data.id),
      },
    );
    expect(deleted.status).toBe(200);
    expect((await callRoute(tagsByType, "/api/tags/by-type?type=0", { cookie })).body.data).toEqual([]);
  });

  it("validates with the spec's messages", async () => {
    const { cookie } = await signedInAdmin();
    const res = await callRoute(tagsAction, "/api/tags", { method: "POST", cookie, json: { name: " ", type: 0 } });
    expect(res).toEqual({ status: 400, body: { errors: { name: "Name is required" } } });
    const long = await callRoute(tagsAction, "/api/tags", {
      method: "POST",
      cookie,
      json: { name: "x".repeat(51), type: 0 },
    });
    expect(long.body.errors.name).toBe("Name is too long - should be 50 chars maximum");
    expect((await callRoute(tagsByType, "/api/tags/by-type?type=9", { cookie })).status).toBe(400);
  });

  it("answers 404 for another company's tag and leaves it alone", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const cookieA = await sessionCookie(a.userId);
    const cookieB = await sessionCookie(b.userId);
    const tag = await callRoute(tagsAction, "/api/tags", {
      method: "POST",
      cookie: cookieA,
      json: { name: "Mine", type: 0 },
    });
    const id = tag.body.data.id;
    expect(
      (await callRoute(tagsAction, "/api/tags", { method: "PUT", cookie: cookieB, json: { id, name: "Stolen" } }))
        .status,
    ).toBe(404);
    expect(
      (await callRoute(tagDelete, `/api/tags/${id}`, { method: "DELETE", cookie: cookieB }, { tagId: String(id) }))
        .status,
    ).toBe(404);
    expect((await callRoute(tagsByType, "/api/tags/by-type?type=0", { cookie: cookieB })).body.data).toEqual([]);
    expect((await callRoute(tagsByType, "/api/tags/by-type?type=0", { cookie: cookieA })).body.data).toEqual([
      { id, label: "Mine" },
    ]);
  });

  it("lets a field tech read tags but not change them, and refuses visitors", async () => {
    const { companyId } = await createTestCompany();
    const { userId } = await createTestUser(companyId, Role.FieldTech);
    const cookie = await sessionCookie(userId);
    expect((await callRoute(tagsByType, "/api/tags/by-type?type=1", { cookie })).status).toBe(200);
    expect(
      (await callRoute(tagsAction, "/api/tags", { method: "POST", cookie, json: { name: "X", type: 1 } })).status,
    ).toBe(403);
    expect((await callRoute(tagsByType, "/api/tags/by-type?type=1")).status).toBe(401);
  });
});

describe("lead sources API", () => {
  it("lists the presets and manages the company's own sources", async () => {
    const { cookie } = await signedInAdmin();
    const list = await callRoute(sourcesLoader, "/api/company/lead-sources", { cookie });
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(PRESET_LEAD_SOURCES);

    const created = await callRoute(sourcesAction, "/api/company/lead-sources", {
      method: "POST",
      cookie,
      json: { name: "Nextdoor" },
    });
    expect(created.status).toBe(201);
    const duplicate = await callRoute(sourcesAction, "/api/company/lead-sources", {
      method: "POST",
      cookie,
      json: { name: "google" },
    });
    expect(duplicate).toEqual({
      status: 400,
      body: { errors: { name: "A lead source named 'google' already exists" } },
    });
    const renamed = await callRoute(sourcesAction, "/api/company/lead-sources", {
      method: "PUT",
      cookie,
      json: { id: created.body.data.id, name: "Thumbtack" },
    });
    expect(renamed.body.data).toEqual({ id: created.body.data.id, name: "Thumbtack" });
    const id = String(created.body.data.id);
    expect(
      (await callRoute(sourceDelete, `/api/company/lead-sources/${id}`, { method: "DELETE", cookie }, { sourceId: id }))
        .status,
    ).toBe(200);
    expect(
      (await callRoute(sourceDelete, `/api/company/lead-sources/${id}`, { method: "DELETE", cookie }, { sourceId: id }))
        .status,
    ).toBe(404);
  });

  it("never touches another company's sources", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const cookieA = await sessionCookie(a.userId);
    const cookieB = await sessionCookie(b.userId);
    const mine = (await callRoute(sourcesLoader, "/api/company/lead-sources", { cookie: cookieA })).body.data[0];
    expect(
      (
        await callRoute(sourcesAction, "/api/company/lead-sources", {
          method: "PUT",
          cookie: cookieB,
          json: { id: mine.id, name: "Hijack" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(
          sourceDelete,
          `/api/company/lead-sources/${mine.id}`,
          { method: "DELETE", cookie: cookieB },
          {
            sourceId: String(mine.id),
          },
        )
      ).status,
    ).toBe(404);
  });
});
