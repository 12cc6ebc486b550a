import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PlainTextField } from "~/components/form";
import { Modal } from "~/components/modal";
import { ATTACHMENT_ACCEPT } from "~/models/customers/customers.schema";

type Attachment = { id: number; fileUrl: string; fileName: string; contentType: string; size: number };

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The customer's attachments: upload several at once, view images and videos, delete. */
export function CustomerAttachments({
  customerId,
  attachments,
  errors,
  viewing,
  busy,
}: {
  customerId: number;
  attachments: Attachment[];
  errors?: string[];
  viewing: string | null;
  busy: boolean;
}) {
  const location = useLocation();
  const shown = attachments.find((a) => String(a.id) === viewing);
  const withView = (id: number | null) => {
    const params = new URLSearchParams(location.search);
    if (id === null) params.delete("view");
    else params.set("view", String(id));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <section className="card stack" aria-labelledby="attachments-title">
      <h2 id="attachments-title">Attachments</h2>
      {attachments.length === 0 ? <p className="muted">No attachments yet.</p> : null}
      <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {attachments.map((a) => (
          <li key={a.id} className="row">
            {a.contentType.startsWith("image/") ? (
              <img src={a.fileUrl} alt="" width={48} height={48} style={{ objectFit: "cover", borderRadius: 6 }} />
            ) : (
              <span aria-hidden="true">📄</span>
            )}
            <span className="spacer">
              {a.contentType.startsWith("image/") || a.contentType.startsWith("video/") ? (
                <Link to={withView(a.id)} preventScrollReset>
                  {a.fileName}
                </Link>
              ) : (
                <a href={a.fileUrl} download={a.fileName}>
                  {a.fileName}
                </a>
              )}{" "}
              <span className="muted">{sizeText(a.size)}</span>
            </span>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="fileUrl" value={a.fileUrl} />
              <button
                type="submit"
                name="intent"
                value="deleteAttachment"
                className="button-link"
                aria-label={`Delete ${a.fileName}`}
              >
                Delete
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" encType="multipart/form-data" className="row" preventScrollReset>
        <input type="hidden" name="customerId" value={customerId} />
        <PlainTextField
          id="attachment-files"
          label="Add files"
          className="spacer"
          type="file"
          name="files"
          multiple
          accept={ATTACHMENT_ACCEPT}
          hint="Images up to 10 MB, videos up to 50 MB, documents up to 10 MB."
        />
        <button
          type="submit"
          name="intent"
          value="upload"
          className="button"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? "Uploading..." : "Upload"}
        </button>
      </Form>
      {errors?.length ? (
        <ul className="form-error" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <Modal title="View Attachment" closeTo={withView(null)}>
          {shown.contentType.startsWith("video/") ? (
            <VideoPreview key={shown.id} attachment={shown} />
          ) : (
            <img src={shown.fileUrl} alt={shown.fileName} style={{ maxWidth: "100%" }} />
          )}
        </Modal>
      ) : null}
    </section>
  );
}

/** A video that the browser cannot play (format, codec, a broken file) falls back to a file icon and its download link. */
function VideoPreview({ attachment }: { attachment: Attachment }) {
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  // The server-rendered video may have failed before the page was hydrated and its error listened to.
  useEffect(() => {
    if (video.current?.error || video.current?.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) setFailed(true);
  }, []);
  const download = (
    <a href={attachment.fileUrl} download={attachment.fileName}>
      {attachment.fileName}
    </a>
  );
  if (failed) {
    return (
      <p className="attachment-fallback">
        <span className="attachment-icon" aria-hidden="true">
          🎞
        </span>
        {download}
      </p>
    );
  }
  return (
    <video ref={video} src={attachment.fileUrl} controls style={{ width: "100%" }} onError={() => setFailed(true)}>
      {download}
    </video>
  );
}
