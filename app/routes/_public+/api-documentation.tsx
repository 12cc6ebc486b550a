import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { apiDocumentation, type CallView, type FieldRow } from "~/openapi/documentation.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.apiDocumentation);
  return json({ tags: apiDocumentation() });
}

/** The API for integrators, readable without JavaScript; the machine-readable form is /api/openapi.json. */
export default function ApiDocumentationRoute() {
  const { tags } = useLoaderData<typeof loader>();
  return (
    <main className="page api-docs stack">
      <header className="stack">
        <h1>API documentation</h1>
        <p>
          JSON over HTTPS under <code>/api</code>. Sign in with <code>POST /api/account/sign-in</code> (session cookie)
          or send a company API key. Errors: 400 <code>{"{message}"}</code> or{" "}
          <code>{"{errors: {field: message}}"}</code>, 401, 403, 404 <code>{'{exceptionType: "not_found"}'}</code>, 429,
          500. The OpenAPI document: <a href="/api/openapi.json">/api/openapi.json</a>.
        </p>
        <nav aria-label="Sections">
          <ul className="row">
            {tags.map(({ tag }) => (
              <li key={tag}>
                <a href={`#${anchor(tag)}`}>{tag}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {tags.map(({ tag, calls }) => (
        <section key={tag} id={anchor(tag)} className="stack" aria-labelledby={`${anchor(tag)}-title`}>
          <h2 id={`${anchor(tag)}-title`}>{tag}</h2>
          {calls.map((call) => (
            <Call key={`${call.method} ${call.path}`} call={call} />
          ))}
        </section>
      ))}
    </main>
  );
}

function Call({ call }: { call: CallView }) {
  return (
    <article className="card stack">
      <h3>
        <code>
          {call.method} {call.path}
        </code>
      </h3>
      <p>{call.summary}</p>
      <p>
        <strong>Access:</strong> {call.access}
      </p>
      {call.parameters.length ? <Fields caption="Parameters" rows={call.parameters} /> : null}
      {call.body.length ? <Fields caption={`Body (${call.bodyType})`} rows={call.body} /> : null}
      <h4>Responses</h4>
      <ul>
        {call.responses.map((r) => (
          <li key={r.status}>
            <strong>{r.status}</strong> {r.description}
            {r.fields.length ? <Fields caption={`${r.status} fields`} rows={r.fields} /> : null}
          </li>
        ))}
      </ul>
    </article>
  );
}

function Fields({ caption, rows }: { caption: string; rows: FieldRow[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <code>{row.name}</code>
              </td>
              <td>{row.type}</td>
              <td>{row.required ? "yes" : "no"}</td>
              <td>{row.description ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export const meta: MetaFunction = () => [{ title: "API documentation | Fieldwise" }];
