import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/openapi/index.server";

describe("OpenAPI document", () => {
  it("lists the company, tag and price-list calls", () => {
    const paths = Object.keys(openApiDocument().paths);
    for (const path of ["/api/tags/by-type", "/api/tags/{tagId}", "/api/company/lead-sources", "/api/price-lists/{id}/items/page", "/api/price-lists/items/import", "/api/price-lists/upload-item-image"]) {
      expect(paths).toContain(path);
    }
  });
});
