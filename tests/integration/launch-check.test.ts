// @vitest-environment node
/** `npm run launch-check` (scripts/launch-check.ts) on a small project with known placeholders, then without. */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument } from "pdf-lib";
import PptxGenJS from "pptxgenjs";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { SAMPLE_NOTE, svgMark, xmpMark } from "../../tools/sample-pictures/sample-marker.ts";
import { findPlaceholders, formatFindings } from "../../scripts/launch-check.ts";
import { tempDir } from "../server/helpers.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const SITE = `# Contact details below are samples (example.com, +91 00000 …): this comment is not one.
company:
  siteUrl: https://www.acme.example.com
contact:
  placeholder: true
  email: sales@example.com
  phones:
    - +91 00000 00001
    - +91 98765 43210
  address:
    street: 12 Sample Park
  social:
    - { label: LinkedIn, href: https://www.linkedin.com/company/example }
  whatsapp:
    number: +91 00000 00003
`;

const PAGE = `path: /
sections:
  - type: form
    fields:
      - { name: project, placeholder: e.g. SCADA for a plant }
  - type: logoGrid
    heading: Our clients
    placeholder: true
    logos:
      - { name: Tapi Textiles, image: /assets/a.svg }
      - { name: Olpad Foods, image: /assets/b.svg }
  - type: logoGrid
    heading: Brands
    placeholder: false
    logos:
      - { name: Siemens, image: /assets/c.svg }
`;

async function pdf(subject: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.setSubject(subject);
  return doc.save();
}

async function pptx(subject: string): Promise<Buffer> {
  const deck = new PptxGenJS();
  deck.subject = subject;
  deck.addSlide().addText("Slide", { x: 1, y: 1, w: 3, h: 1 });
  return (await deck.write({ outputType: "nodebuffer" })) as Buffer;
}

/** A small picture in `format`, with the tools' mark in its XMP (or none: a photographer's file). */
function picture(format: "jpeg" | "png" | "webp", xmp?: string): Promise<Buffer> {
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: "#7c3aed" } })[format]();
  return (xmp ? image.withXmp(xmp) : image).toBuffer();
}

const svg = (mark = "") => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${mark}<rect width="10" height="10"/></svg>`;

function write(root: string, file: string, content: string | Uint8Array): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
}

const dir = tempDir("lariox-launch-");
afterAll(() => dir.remove());

const cli = (root: string) => spawnSync(process.execPath, ["--import", "tsx", "scripts/launch-check.ts", root], { cwd: ROOT, encoding: "utf8" });

describe("launch check", () => {
  it("lists each placeholder with its file and line, the sample documents and every drawn picture, a real brand's logo as such, and fails", async () => {
    const root = join(dir.path, "before");
    write(root, "content/site.yaml", SITE);
    write(root, "content/pages/home.yaml", PAGE);
    write(root, "public/robots.txt", "User-agent: *\n# write to webmaster@example.org\n");
    write(root, "public/assets/logo.svg", svg(svgMark()));
    write(root, "public/assets/logos/siemens.svg", svg(svgMark("Siemens")));
    write(root, "public/assets/logos/kamrej.svg", svg(svgMark("Kamrej Dyes & Co")));
    write(root, "public/assets/logos/vendor.svg", svg("<metadata>Drawn by our designer</metadata>"));
    write(root, "public/assets/favicon.png", await picture("png", xmpMark()));
    write(root, "public/assets/og-image.jpg", await picture("jpeg", xmpMark()));
    write(root, "public/assets/banners/plant.webp", await picture("webp", xmpMark()));
    write(root, "public/assets/banners/photo.jpg", await picture("jpeg"));
    write(root, "public/assets/banners/broken.jpg", "not a picture");
    write(root, "public/assets/datasheets/sample.pdf", await pdf(`Sample datasheet — ${SAMPLE_NOTE}`));
    write(root, "public/assets/datasheets/vendor.pdf", await pdf("AVEVA Edge datasheet"));
    write(root, "public/assets/deck.pptx", await pptx(`Sample presentation — ${SAMPLE_NOTE}`));
    write(root, "public/assets/vendor.pptx", await pptx("Product overview"));

    const findings = await findPlaceholders(root);
    expect(findings.map((f) => `${f.file}${f.line ? `:${f.line}` : ""} ${f.message}`)).toEqual([
      'content/pages/home.yaml:8 logoGrid section "Our clients" is marked placeholder: true: Tapi Textiles, Olpad Foods',
      "content/site.yaml:3 example.com address: https://www.acme.example.com",
      "content/site.yaml:5 contact is marked placeholder: true: replace the details, then set it to false",
      "content/site.yaml:6 example.com e-mail address: sales@example.com",
      "content/site.yaml:8 placeholder phone number: +91 00000 00001",
      "content/site.yaml:11 placeholder street address: 12 Sample Park",
      "content/site.yaml:13 link to a profile named example: https://www.linkedin.com/company/example",
      "content/site.yaml:15 WhatsApp click-to-chat number is a placeholder phone number: +91 00000 00003",
      "public/assets/banners/plant.webp sample picture drawn by tools/sample-pictures",
      `public/assets/datasheets/sample.pdf sample document from tools/sample-pictures ("Sample datasheet — ${SAMPLE_NOTE}")`,
      `public/assets/deck.pptx sample document from tools/sample-pictures ("Sample presentation — ${SAMPLE_NOTE}")`,
      "public/assets/favicon.png the favicon: sample picture drawn by tools/sample-pictures",
      "public/assets/logo.svg sample picture drawn by tools/sample-pictures",
      'public/assets/logos/kamrej.svg drawn logo bearing the real brand name "Kamrej Dyes & Co", not its own artwork: use the brand\'s official logo with its permission, or remove it',
      'public/assets/logos/siemens.svg drawn logo bearing the real brand name "Siemens", not its own artwork: use the brand\'s official logo with its permission, or remove it',
      "public/assets/og-image.jpg the Open Graph picture shown where a page is shared: sample picture drawn by tools/sample-pictures",
      "public/robots.txt:2 example.com e-mail address: webmaster@example.org",
    ]);
    expect(formatFindings(findings)).toMatch(/^17 placeholders to replace before launch:\ncontent\/pages\/home\.yaml:8 +logoGrid/);

    const run = cli(root);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("content/site.yaml:8");
  });

  it("passes once the details are real and the samples replaced", async () => {
    const root = join(dir.path, "after");
    write(
      root,
      "content/site.yaml",
      SITE.replace("placeholder: true", "placeholder: false")
        .replace(/\+91 00000 00001/, "+91 261 400 1234")
        .replace(/\+91 00000 00003/, "+91 98250 12345")
        .replace(/acme\.example\.com/, "acme.in")
        .replace("sales@example.com", "sales@acme.in")
        .replace("company/example", "company/acme-automation"),
    );
    write(root, "content/pages/home.yaml", PAGE.replace("placeholder: true", "placeholder: false"));
    write(root, "public/assets/datasheets/vendor.pdf", await pdf("AVEVA Edge datasheet"));
    write(root, "public/assets/favicon.png", await picture("png"));
    write(root, "public/assets/logos/siemens.svg", svg("<metadata>Siemens AG, used with permission</metadata>"));
    expect(await findPlaceholders(root)).toEqual([]);
    const run = cli(root);
    expect([run.status, run.stdout]).toEqual([0, "No placeholders left in content/ or public/: ready to launch.\n"]);
  });
});
