import { z } from "zod";
import { registerCall } from "~/openapi/registry.server";
import { createLeadSourceSchema, createTagSchema, renameLeadSourceSchema, renameTagSchema } from "~/models/tags.schema";

const broad = "office staff, company admin, super admin";
const tagOption = z.object({ id: z.number().int(), label: z.string() });
const leadSource = z.object({ id: z.number().int(), name: z.string() });
const idResult = z.object({ data: z.object({ id: z.number().int() }) });

registerCall({
  method: "get",
  path: "/tags/by-type",
  tag: "Tags",
  summary: "The company's tags of one type (0 customer, 1 job, 2 estimate, 3 employee, 4 invoice), by name",
  access: "any signed-in user",
  query: z.object({ type: z.number().int().min(0).max(4) }),
  response: z.object({ data: z.array(tagOption) }),
});
registerCall({
  method: "post",
  path: "/tags",
  tag: "Tags",
  summary: "Create a tag; names are unique per company and type, ignoring case (400 {errors: {name}} otherwise)",
  access: broad,
  body: createTagSchema,
  response: z.object({ data: tagOption }),
});
registerCall({ method: "put", path: "/tags", tag: "Tags", summary: "Rename a tag", access: broad, body: renameTagSchema, response: z.object({ data: tagOption }) });
registerCall({
  method: "delete",
  path: "/tags/{tagId}",
  tag: "Tags",
  summary: "Delete a tag; records that carry it keep existing and lose the tag",
  access: broad,
  params: z.object({ tagId: z.number().int() }),
  response: idResult,
});

registerCall({ method: "get", path: "/company/lead-sources", tag: "Lead sources", summary: "The company's lead sources, by name", access: broad, response: z.object({ data: z.array(leadSource) }) });
registerCall({ method: "post", path: "/company/lead-sources", tag: "Lead sources", summary: "Create a lead source (names unique per company, ignoring case)", access: broad, body: createLeadSourceSchema, response: z.object({ data: leadSource }) });
registerCall({ method: "put", path: "/company/lead-sources", tag: "Lead sources", summary: "Rename a lead source", access: broad, body: renameLeadSourceSchema, response: z.object({ data: leadSource }) });
registerCall({
  method: "delete",
  path: "/company/lead-sources/{sourceId}",
  tag: "Lead sources",
  summary: "Delete a lead source; customers that named it keep existing and lose it",
  access: broad,
  params: z.object({ sourceId: z.number().int() }),
  response: idResult,
});
