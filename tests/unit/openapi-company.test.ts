import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/openapi/index.server";

describe("OpenAPI document", () => {
  it("lists the company, tag and price-list calls", () => {
    const paths = Object.keys(openApiDocument().paths);
    for (const path of [
      "/api/tags/by-type",
      "/api/tags/{tagId}",
      "/api/company/lead-sources",
      "/api/price-lists/{id}/items/page",
      "/api/price-lists/items/import",
      "/api/price-lists/upload-item-image",
    ]) {
      expect(paths).toContain(path);
    }
  });

  it("declares 201 on the calls that create and 429 on the rate-limited ones", () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const [path, method] of [
      ["/api/customers/create", "post"],
      ["/api/jobs", "post"],
      ["/api/jobs/upload-line-item-image", "post"],
      ["/api/account/sign-up", "post"],
    ]) {
      const statuses = Object.keys(paths[path][method].responses);
      expect(statuses, path).toContain("201");
      expect(statuses, path).not.toContain("200");
    }
    expect(Object.keys(paths["/api/jobs/page"].get.responses)).toContain("200");
    for (const path of ["/api/account/sign-in", "/api/account/verify-code", "/api/account/forgotPassword"])
      expect(Object.keys(paths[path].post.responses), path).toContain("429");
    expect(Object.keys(paths["/api/account/resetPassword"].post.responses)).not.toContain("429");
  });
});
