import { useEffect, useId, useRef, useState } from "react";

/** The image modal of the spec: 320x320 crop area, scale 0.1-2 in 0.05 steps, rotate by 90 degrees. */
const CROP_SIDE = 320;
const OUTPUT_SIDE = 400;
const MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,.heic,.heif,image/jpeg,image/png,image/heic,image/heif";
const TOO_LARGE = "The image file size cannot exceed 10 MB.";

/** What the browser checks before cropping; the server checks the same by content. */
export type ImageClientRules = {
  accept: string;
  mimeTypes: readonly string[];
  maxBytes: number;
  tooLargeMessage: string;
  allowHeic: boolean;
  wrongTypeMessage: string;
  minSide?: { pixels: number; message: string };
};
const EDITOR_RULES: ImageClientRules = {
  accept: IMAGE_ACCEPT,
  mimeTypes: ["image/jpeg", "image/png"],
  maxBytes: MAX_BYTES,
  tooLargeMessage: TOO_LARGE,
  allowHeic: true,
  wrongTypeMessage: "Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif.",
};

type Props = {
  name: string;
  label: string;
  currentUrl?: string | null;
  error?: string;
  hint?: string;
  rules?: ImageClientRules;
};

const isHeic = (file: File) => /\.(heic|heif)$/i.test(file.name) || /image\/hei[cf]/.test(file.type);

/**
 * An image field. Without JavaScript it is a plain file input and the server does all the work
 * (content check, HEIC conversion, resize, PNG). With JavaScript, choosing a file opens the crop
 * modal; Save puts the cropped 400x400 PNG back into the same input, so the form posts it as usual.
 * HEIC/HEIF cannot be drawn by browsers: they are sent as they are and converted on the server.
 */
export function ImageUploadField({
  name,
  label,
  currentUrl,
  error,
  hint = "Recommended size 400x400px. JPEG, PNG, HEIC or HEIF up to 10 MB.",
  rules = EDITOR_RULES,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(currentUrl ?? null);
  const [editing, setEditing] = useState<HTMLImageElement | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  function onChoose(file: File | undefined) {
    setClientError(null);
    setNote(null);
    if (!file) return;
    const refuse = (message: string) => {
      setClientError(message);
      if (input.current) input.current.value = "";
    };
    if (file.size > rules.maxBytes) return refuse(rules.tooLargeMessage);
    if (isHeic(file)) {
      if (!rules.allowHeic) return refuse(rules.wrongTypeMessage);
      setNote(`${file.name} will be converted to PNG when you save.`);
      return;
    }
    if (!rules.mimeTypes.includes(file.type)) return refuse(rules.wrongTypeMessage);
    const image = new Image();
    image.onload = () => {
      const { minSide } = rules;
      if (minSide && (image.naturalWidth < minSide.pixels || image.naturalHeight < minSide.pixels))
        return refuse(minSide.message);
      setEditing(image);
    };
    image.onerror = () => setClientError("Failed to upload image.");
    image.src = URL.createObjectURL(file);
  }

  function onSave(blob: Blob) {
    const file = new File([blob], "image.png", { type: "image/png" });
    const transfer = new DataTransfer();
    transfer.items.add(file);
    if (input.current) input.current.files = transfer.files;
    setPreview(URL.createObjectURL(blob));
    setEditing(null);
  }

  function onCancel() {
    if (input.current) input.current.value = "";
    setEditing(null);
  }

  const shownError = clientError ?? error;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        {preview ? <img src={preview} alt="" width={64} height={64} className="image-preview" /> : null}
        <input
          ref={input}
          id={id}
          type="file"
          name={name}
          accept={rules.accept}
          onChange={(e) => onChoose(e.currentTarget.files?.[0])}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
        />
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {note ?? hint}
      </p>
      {shownError ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {shownError}
        </p>
      ) : null}
      {editing ? (
        <CropDialog image={editing} onSave={onSave} onCancel={onCancel} onBrowse={() => input.current?.click()} />
      ) : null}
    </div>
  );
}

function CropDialog({
  image,
  onSave,
  onCancel,
  onBrowse,
}: {
  image: HTMLImageElement;
  onSave: (blob: Blob) => void;
  onCancel: () => void;
  onBrowse: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const titleId = useId();
  const fit = CROP_SIDE / Math.min(image.naturalWidth, image.naturalHeight);
  const [scale, setScale] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    draw(canvas.current, image, { side: CROP_SIDE, zoom: fit * scale, rotation, offset });
  }, [image, fit, scale, rotation, offset]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onCancel();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onCancel]);

  function save() {
    const out = document.createElement("canvas");
    const ratio = OUTPUT_SIDE / CROP_SIDE;
    draw(out, image, {
      side: OUTPUT_SIDE,
      zoom: fit * scale * ratio,
      rotation,
      offset: { x: offset.x * ratio, y: offset.y * ratio },
    });
    out.toBlob((blob) => blob && onSave(blob), "image/png");
  }

  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>Edit image</h2>
        <canvas
          ref={canvas}
          width={CROP_SIDE}
          height={CROP_SIDE}
          className="crop-area"
          aria-label="Crop area: drag to move the image"
          onPointerDown={(e) => {
            drag.current = { x: e.clientX - offset.x, y: e.clientY - offset.y };
            e.currentTarget.setPointerCapture(e.pointerId);
          }}
          onPointerMove={(e) =>
            drag.current && setOffset({ x: e.clientX - drag.current.x, y: e.clientY - drag.current.y })
          }
          onPointerUp={() => (drag.current = null)}
        />
        <label className="field">
          Scale
          <input
            type="range"
            min={0.1}
            max={2}
            step={0.05}
            value={scale}
            onChange={(e) => setScale(Number(e.currentTarget.value))}
          />
        </label>
        <div className="row">
          <button type="button" className="button" onClick={() => setRotation((r) => (r + 270) % 360)}>
            Rotate left
          </button>
          <button type="button" className="button" onClick={() => setRotation((r) => (r + 90) % 360)}>
            Rotate right
          </button>
          <button type="button" className="button" onClick={onBrowse}>
            Browse
          </button>
        </div>
        <p className="field-hint">Recommended size 400x400px</p>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={save}>
            Save
          </button>
        </div>
      </div>
    </div>
  );
}

function draw(
  target: HTMLCanvasElement | null,
  image: HTMLImageElement,
  view: { side: number; zoom: number; rotation: number; offset: { x: number; y: number } },
) {
  const context = target?.getContext("2d");
  if (!target || !context) return;
  target.width = view.side;
  target.height = view.side;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, view.side, view.side);
  context.save();
  context.translate(view.side / 2 + view.offset.x, view.side / 2 + view.offset.y);
  context.rotate((view.rotation * Math.PI) / 180);
  context.scale(view.zoom, view.zoom);
  context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  context.restore();
}
