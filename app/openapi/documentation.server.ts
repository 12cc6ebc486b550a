import { openApiDocument } from "~/openapi/index.server";

/** The OpenAPI document shaped for the readable /api-documentation page. */
type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
  description?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; description?: string };
type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};

export type FieldRow = { name: string; type: string; required: boolean; description?: string };
export type CallView = {
  method: string;
  path: string;
  summary: string;
  access: string;
  parameters: FieldRow[];
  bodyType?: string;
  body: FieldRow[];
  responses: { status: string; description: string; fields: FieldRow[] }[];
};
export type TagView = { tag: string; calls: CallView[] };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const MAX_DEPTH = 2;

export function apiDocumentation(): TagView[] {
  const document = openApiDocument() as unknown as {
    paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const components = document.components?.schemas ?? {};
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? resolve(components[schema.$ref.split("/").pop() ?? ""] ?? {}) : schema;

  function typeOf(input: Schema): string {
    const schema = resolve(input);
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants) return variants.map(typeOf).join(" or ");
    if (schema.allOf) return schema.allOf.map(typeOf).join(" and ");
    let text = schema.enum
      ? schema.enum.map((v) => JSON.stringify(v)).join(" | ")
      : schema.type === "array"
        ? `array of ${schema.items ? typeOf(schema.items) : "values"}`
        : ((schema.format ? `${schema.type} (${schema.format})` : schema.type) ?? "any");
    const limits = [
      schema.minLength !== undefined ? `min ${schema.minLength} chars` : null,
      schema.maxLength !== undefined ? `max ${schema.maxLength} chars` : null,
      schema.minimum !== undefined ? `≥ ${schema.minimum}` : null,
      schema.maximum !== undefined ? `≤ ${schema.maximum}` : null,
    ].filter(Boolean);
    if (limits.length) text += `, ${limits.join(", ")}`;
    return schema.nullable ? `${text}, nullable` : text;
  }

  function fields(input: Schema | undefined, prefix = "", depth = 0): FieldRow[] {
    if (!input) return [];
    const schema = resolve(input);
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants && depth === 0) return variants.flatMap((v) => fields(v, prefix, depth));
    if (schema.allOf) return schema.allOf.flatMap((part) => fields(part, prefix, depth));
    if (!schema.properties) return [];
    return Object.entries(schema.properties).flatMap(([name, property]) => {
      const resolved = resolve(property);
      const row: FieldRow = {
        name: `${prefix}${name}`,
        type: resolved.properties ? "object" : typeOf(property),
        required: schema.required?.includes(name) ?? false,
        description: resolved.description,
      };
      return resolved.properties && depth < MAX_DEPTH
        ? [row, ...fields(resolved, `${prefix}${name}.`, depth + 1)]
        : [row];
    });
  }

  const byTag = new Map<string, CallView[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const [bodyType, bodyContent] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      const call: CallView = {
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? "",
        access: (operation.description ?? "").replace(/^Access: /, "").replace(/\.$/, ""),
        parameters: (operation.parameters ?? []).map((p) => ({
          name: `${p.name} (${p.in})`,
          type: p.schema ? typeOf(p.schema) : "string",
          required: p.required ?? false,
          description: p.description,
        })),
        bodyType,
        body: fields(bodyContent?.schema),
        // Error bodies are the same for every call (described once at the top of the page).
        responses: Object.entries(operation.responses).map(([status, response]) => ({
          status,
          description: response.description,
          fields: status.startsWith("2") ? fields(Object.values(response.content ?? {})[0]?.schema) : [],
        })),
      };
      const tag = operation.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), call]);
    }
  }
  return [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, calls]) => ({
      tag,
      calls: calls.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
    }));
}
