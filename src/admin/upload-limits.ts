/**
 * Uploads the site can take: a picture wider or taller than MAX_SIDE is scaled down to it in the
 * browser (the build makes its smaller copies from there; a 4,400 px photo would only weigh the
 * repository and the build down), and a file still larger than its limit is refused, saying why
 * and what to do, in a message above the Media dialog (notice.ts). A scaled picture is named for
 * its new size if its name held the old one, and the editor reads what was done and why. Runs
 * before Decap's media library sees the chosen file.
 *
 * A picture just uploaded is shown from the browser's own copy: Decap draws a field's picture from
 * its address (/assets/banners/new.jpg), which the site serves only once the change is built.
 */
import { showNotice } from "./notice.ts";

export const MAX_SIDE = 2500;
export const MAX_PICTURE_BYTES = 2_000_000;
export const MAX_DOCUMENT_BYTES = 10_000_000;

const SCALABLE = /^image\/(jpeg|png|webp)$/;
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;

interface Size {
  width: number;
  height: number;
}

/** A picture's name with its old size in it ("plant-4000.jpg", "hall_4000x3000.png") given the new one. */
export function fittedName(name: string, from: Size, to: Size): string {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  const sizes = new Map([
    [String(from.width), String(to.width)],
    [String(from.height), String(to.height)],
  ]);
  return stem.replace(/(?<!\d)\d{3,5}(?!\d)/g, (number) => sizes.get(number) ?? number) + extension;
}

/** What the editor reads after a picture was scaled down: from what size to what, and why. */
export function fittedMessage(name: string, newName: string, from: Size, to: Size): string {
  const size = ({ width, height }: Size) => `${width.toLocaleString("en")} × ${height.toLocaleString("en")} px`;
  const renamed = newName === name ? "" : ` It is saved as “${newName}”.`;
  return `“${name}” was ${size(from)}; the site keeps pictures at most ${MAX_SIDE.toLocaleString("en")} px on their longer side, which is sharp on any screen and loads faster, so it was scaled down to ${size(to)}.${renamed}`;
}

/** The picture scaled to fit MAX_SIDE in the same format (renamed if its name held its size), or the file as it is. */
export async function fitPicture(file: File): Promise<{ file: File; message?: string }> {
  if (!SCALABLE.test(file.type)) return { file };
  const bitmap = await createImageBitmap(file);
  const scale = MAX_SIDE / Math.max(bitmap.width, bitmap.height);
  if (scale >= 1) return { file };
  const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await canvas.convertToBlob({ type: file.type, quality: 0.85 });
  const from = { width: bitmap.width, height: bitmap.height };
  const to = { width: canvas.width, height: canvas.height };
  const name = fittedName(file.name, from, to);
  return { file: new File([blob], name, { type: file.type, lastModified: Date.now() }), message: fittedMessage(file.name, name, from, to) };
}

/** Why the file cannot be uploaded, in words for the editor; undefined when it can. */
export function uploadProblem(file: { name: string; size: number; type: string }): string | undefined {
  const picture = file.type.startsWith("image/");
  const limit = picture ? MAX_PICTURE_BYTES : MAX_DOCUMENT_BYTES;
  if (file.size <= limit) return undefined;
  const how = picture ? "Save it as a JPEG photo of lower quality" : "Save a smaller copy (most programs offer “reduce file size”)";
  return `“${file.name}” is ${megabytes(file.size)}, more than the ${megabytes(limit)} the site takes for a ${picture ? "picture" : "file"}. ${how} and upload it again.`;
}

/** The browser's copies of this session's uploads, by file name. */
const uploaded = new Map<string, string>();

/** An <img> that cannot load a picture uploaded in this session shows the browser's copy instead. */
function showUploadedCopies(root: Document): void {
  root.addEventListener(
    "error",
    (event) => {
      const img = event.target;
      if (!(img instanceof HTMLImageElement)) return;
      const copy = uploaded.get(decodeURIComponent(new URL(img.src).pathname.split("/").pop() ?? ""));
      if (copy && img.src !== copy) img.src = copy;
    },
    true,
  );
}

/** Catches each file chosen in an upload button, fits or refuses it, then hands it on to Decap. */
export function limitUploads(root: Document): void {
  showUploadedCopies(root);
  root.addEventListener(
    "change",
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== "file" || !input.files?.[0] || input.dataset.fitted) return;
      event.stopImmediatePropagation();
      const chosen = input.files[0];
      void fitPicture(chosen)
        .catch(() => ({ file: chosen, message: undefined }))
        .then(({ file, message }) => {
          const problem = uploadProblem(file);
          if (problem) {
            showNotice({ tone: "refusal", text: problem });
            input.value = "";
            return;
          }
          if (message) showNotice({ tone: "info", text: message });
          uploaded.set(file.name, URL.createObjectURL(file));
          const files = new DataTransfer();
          files.items.add(file);
          input.files = files.files;
          input.dataset.fitted = "yes";
          input.dispatchEvent(new Event("change", { bubbles: true }));
          delete input.dataset.fitted;
        });
    },
    true,
  );
}
