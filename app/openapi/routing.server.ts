import { z } from "zod";
import { registerCall } from "~/openapi/registry.server";
import { routingSettingsSchema } from "~/models/routing/routing.schema";

const manager = "company admin, super admin";
const place = z.object({ latitude: z.number(), longitude: z.number() }).nullable();
const settings = z.object({
  isEnabled: z.boolean(),
  priority: z.number().int().describe("0 Shortest drive time, 1 Fewest technicians, 2 Keep assigned technicians"),
  startAddress: z.string().nullable(),
  startGeoData: place,
  endAddress: z.string().nullable(),
  endGeoData: place,
});

registerCall({
  method: "patch",
  path: "/company-settings/routing",
  tag: "Company settings",
  summary:
    "Save the route optimisation settings and turn it on; empty addresses mean the company's address (400 {errors} otherwise)",
  access: manager,
  body: routingSettingsSchema,
  response: z.object({ data: settings }),
});
registerCall({
  method: "patch",
  path: "/company-settings/routing/disable",
  tag: "Company settings",
  summary: "Turn route optimisation off (the settings are kept)",
  access: manager,
  response: z.object({ data: settings }),
});
