import { useNonce } from "~/utils/nonce";

/**
 * Wires every `[data-signature-pad]` of the page: pointer strokes on the canvas (mouse, finger,
 * pen), Enter or Space on the focused canvas writes the typed name as the signature (keyboard
 * users), Clear empties it; each change writes a PNG data URL into the pad's hidden input. Plain
 * browser code, serialised into the page: the public pages ship no React runtime.
 */
export function signaturePadScript() {
  document.querySelectorAll<HTMLElement>("[data-signature-pad]").forEach((root) => {
    // Wired once: a hydrated page runs this again after a client-side navigation (the inline script does not).
    if (root.dataset.wired) return;
    root.dataset.wired = "1";
    const canvas = root.querySelector("canvas");
    const input = root.querySelector<HTMLInputElement>("input[type=hidden]");
    const clear = root.querySelector<HTMLButtonElement>("[data-clear]");
    const status = root.querySelector<HTMLElement>("[data-status]");
    const pen = canvas?.getContext("2d");
    if (!canvas || !input || !clear || !status || !pen) return;
    root.style.removeProperty("display");
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    const width = canvas.clientWidth || 300;
    const height = canvas.clientHeight || 150;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    pen.scale(ratio, ratio);
    pen.lineWidth = 2.5;
    pen.lineCap = "round";
    pen.lineJoin = "round";
    pen.strokeStyle = pen.fillStyle = "#111";
    let drawing = false;
    const save = (message: string) => {
      input.value = canvas.toDataURL("image/png");
      status.textContent = message;
    };
    const point = (e: PointerEvent) => {
      const box = canvas.getBoundingClientRect();
      return [e.clientX - box.left, e.clientY - box.top] as const;
    };
    canvas.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      canvas.setPointerCapture(e.pointerId);
      drawing = true;
      pen.beginPath();
      pen.moveTo(...point(e));
      pen.lineTo(...point(e));
      pen.stroke();
    });
    canvas.addEventListener("pointermove", (e) => {
      if (!drawing) return;
      pen.lineTo(...point(e));
      pen.stroke();
    });
    const end = () => {
      if (!drawing) return;
      drawing = false;
      save("Signature drawn");
    };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    canvas.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      const typed = (document.getElementById(root.dataset.nameInput ?? "") as HTMLInputElement | null)?.value.trim();
      if (!typed) {
        status.textContent = "Type your name first";
        return;
      }
      pen.clearRect(0, 0, width, height);
      pen.font = `italic ${Math.round(height / 3)}px serif`;
      pen.fillText(typed, 12, height * 0.6, width - 24);
      save("Signature written from your typed name");
    });
    clear.addEventListener("click", () => {
      pen.clearRect(0, 0, width, height);
      input.value = "";
      status.textContent = "Signature cleared";
    });
  });
}

/**
 * A drawn signature for a form posted without a framework: not displayed until its script runs (without
 * JavaScript the typed name alone signs), then a labelled, focusable canvas, a Clear button and the
 * hidden `name` field holding the PNG data URL. `nameInputId` is the typed-name field the keyboard
 * path writes from.
 */
export function SignaturePad({
  name = "signature",
  nameInputId,
  id = "signature-pad",
}: {
  name?: string;
  nameInputId: string;
  /** Prefix of the pad's element ids: a page with several pads gives each its own. */
  id?: string;
}) {
  const nonce = useNonce();
  return (
    <div className="signature-pad stack" data-signature-pad data-name-input={nameInputId} style={{ display: "none" }}>
      <p id={`${id}-label`} className="label">
        Draw your signature (optional)
      </p>
      <canvas
        role="img"
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        style={{
          width: "100%",
          height: "10rem",
          border: "1px solid var(--border)",
          borderRadius: "0.5rem",
          background: "#fff",
          touchAction: "none",
        }}
      />
      <p id={`${id}-help`} className="field-hint">
        Draw with a mouse, finger or pen. Using a keyboard? Focus the box and press Enter to sign with your typed name.
      </p>
      <input type="hidden" name={name} />
      <div className="row">
        <button type="button" className="button button-secondary" data-clear>
          Clear signature
        </button>
        <span data-status role="status" className="muted" />
      </div>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `(${signaturePadScript.toString()})()` }} />
    </div>
  );
}
