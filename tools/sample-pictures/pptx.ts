// Five-slide sample presentation for AVEVA Work Tasks, built with pptxgenjs.
import PptxGenJS from "pptxgenjs";
import { SAMPLE_NOTE } from "./sample-marker.ts";
import { save } from "./util.ts";

const NAVY = "0B1A2E";
const NAVY2 = "12263F";
const STEEL = "5B6B7F";
const STEEL_LIGHT = "C9D2DC";
const PURPLE = "7C3AED";
const FONT = "Arial";
const FIXED_TIME = Date.parse("2025-01-01T00:00:00Z");

// pptxgenjs writes "now" into docProps/core.xml and JSZip stamps each zip entry with
// the current time. Pinning the clock while writing makes the file reproducible.
async function withFixedClock<T>(fn: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(FIXED_TIME);
      else super(...(args as [string | number]));
    }
    static override now(): number {
      return FIXED_TIME;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  try {
    return await fn();
  } finally {
    globalThis.Date = RealDate;
  }
}

function contentSlide(pres: PptxGenJS, title: string, n: number): PptxGenJS.Slide {
  const slide = pres.addSlide();
  slide.background = { color: "FFFFFF" };
  slide.addShape(pres.ShapeType.rect, { x: 0, y: 0, w: 10, h: 0.9, fill: { color: NAVY } });
  slide.addShape(pres.ShapeType.rect, { x: 0, y: 0.9, w: 10, h: 0.05, fill: { color: PURPLE } });
  slide.addText(title, { x: 0.5, y: 0.12, w: 8, h: 0.66, fontFace: FONT, fontSize: 24, bold: true, color: "FFFFFF" });
  slide.addText("AVEVA Work Tasks", { x: 6.5, y: 0.12, w: 3, h: 0.66, fontFace: FONT, fontSize: 11, color: STEEL_LIGHT, align: "right" });
  slide.addText(`Lariox Automation · Sample presentation · ${n} / 5`, { x: 0.5, y: 5.2, w: 9, h: 0.3, fontFace: FONT, fontSize: 9, color: STEEL });
  return slide;
}

const bullet = (text: string) => ({ text, options: { bullet: { code: "25A0" }, paraSpaceAfter: 8 } });

export async function makePptx(): Promise<void> {
  const pres = new PptxGenJS();
  pres.layout = "LAYOUT_16x9"; // 10 x 5.625 in
  pres.title = "AVEVA Work Tasks (formerly AVEVA Workflow Management) — sample";
  pres.author = "Lariox Automation";
  pres.company = "Lariox Automation";
  pres.subject = `Sample presentation — ${SAMPLE_NOTE}`;

  // 1. Title
  const s1 = pres.addSlide();
  s1.background = { color: NAVY };
  s1.addShape(pres.ShapeType.rect, { x: 0, y: 0, w: 0.18, h: 5.625, fill: { color: PURPLE } });
  s1.addShape(pres.ShapeType.roundRect, { x: 0.7, y: 0.6, w: 0.6, h: 0.6, fill: { color: PURPLE }, rectRadius: 0.12 });
  s1.addText("LA", { x: 0.7, y: 0.6, w: 0.6, h: 0.6, fontFace: FONT, fontSize: 16, bold: true, color: "FFFFFF", align: "center", valign: "middle" });
  s1.addText("Lariox Automation", { x: 1.45, y: 0.6, w: 5, h: 0.6, fontFace: FONT, fontSize: 16, bold: true, color: "FFFFFF", valign: "middle" });
  s1.addText(
    [
      { text: "AVEVA Work Tasks", options: { fontSize: 40, bold: true, color: "FFFFFF", breakLine: true } },
      { text: "(formerly AVEVA Workflow Management)", options: { fontSize: 20, color: STEEL_LIGHT } },
    ],
    { x: 0.7, y: 1.55, w: 8.6, h: 1.5, fontFace: FONT, valign: "top" },
  );
  s1.addText("Digital workflows that connect people, plant systems and business processes", {
    x: 0.7,
    y: 3.1,
    w: 8.6,
    h: 0.4,
    fontFace: FONT,
    fontSize: 14,
    color: STEEL_LIGHT,
  });
  s1.addShape(pres.ShapeType.rect, { x: 0.7, y: 4.1, w: 8.6, h: 0.6, fill: { color: NAVY2 }, line: { color: PURPLE, width: 1 } });
  s1.addText("Sample presentation — to be replaced by the vendor's official file", {
    x: 0.85,
    y: 4.1,
    w: 8.4,
    h: 0.6,
    fontFace: FONT,
    fontSize: 13,
    bold: true,
    color: "FFFFFF",
    valign: "middle",
  });

  // 2. Overview
  const s2 = contentSlide(pres, "Overview", 2);
  s2.addText(
    "AVEVA Work Tasks is a low-code workflow and task management solution for industrial operations. It turns procedures that live on paper, in e-mail and in spreadsheets into guided digital workflows that assign tasks, collect data, enforce approvals and keep an audit trail.",
    { x: 0.5, y: 1.2, w: 9, h: 1.2, fontFace: FONT, fontSize: 15, color: NAVY2, valign: "top" },
  );
  s2.addText(
    [
      bullet("Model processes graphically, with forms, rules, escalations and notifications"),
      bullet("Trigger workflows from plant events, for example from AVEVA System Platform alarms"),
      bullet("Work from desktop or mobile browsers, on the shop floor and in the office"),
    ],
    { x: 0.5, y: 2.6, w: 9, h: 2.2, fontFace: FONT, fontSize: 15, color: NAVY2, valign: "top" },
  );

  // 3. Key capabilities, two columns
  const s3 = contentSlide(pres, "Key capabilities", 3);
  const left = [
    "Graphical, low-code workflow designer",
    "Electronic forms with validation",
    "Task lists, assignment, delegation and escalation",
    "Notifications by e-mail and in-app",
  ];
  const right = [
    "Integration with plant systems, databases and web services",
    "Role-based security and electronic approvals",
    "Full audit trail of who did what and when",
    "Dashboards for open, overdue and completed tasks",
  ];
  s3.addText(left.map(bullet), { x: 0.5, y: 1.25, w: 4.4, h: 3.6, fontFace: FONT, fontSize: 14, color: NAVY2, valign: "top" });
  s3.addText(right.map(bullet), { x: 5.1, y: 1.25, w: 4.4, h: 3.6, fontFace: FONT, fontSize: 14, color: NAVY2, valign: "top" });

  // 4. Use cases as four cards
  const s4 = contentSlide(pres, "Typical use cases", 4);
  const cases: [string, string][] = [
    ["Shift handover", "Structured logs and checklists so the next shift starts with the full picture."],
    ["Maintenance requests", "From operator observation to approved work request, with status tracking."],
    ["Quality deviations", "Record deviations, route investigations and close corrective actions (CAPA)."],
    ["Management of change", "Controlled review and approval of changes to process, recipes or equipment."],
  ];
  cases.forEach(([title, text], i) => {
    const x = 0.5 + (i % 2) * 4.6;
    const y = 1.25 + Math.floor(i / 2) * 1.95;
    s4.addShape(pres.ShapeType.rect, { x, y, w: 4.4, h: 1.75, fill: { color: "F5F7FA" }, line: { color: STEEL_LIGHT, width: 0.75 } });
    s4.addShape(pres.ShapeType.rect, { x, y, w: 0.08, h: 1.75, fill: { color: PURPLE } });
    s4.addText(title, { x: x + 0.25, y: y + 0.15, w: 4, h: 0.45, fontFace: FONT, fontSize: 16, bold: true, color: NAVY });
    s4.addText(text, { x: x + 0.25, y: y + 0.62, w: 4, h: 1, fontFace: FONT, fontSize: 12, color: STEEL, valign: "top" });
  });

  // 5. Contact
  const s5 = contentSlide(pres, "Contact", 5);
  s5.addText("Talk to Lariox Automation about AVEVA Work Tasks", { x: 0.5, y: 1.3, w: 9, h: 0.6, fontFace: FONT, fontSize: 20, bold: true, color: NAVY });
  s5.addText(
    [
      { text: "Email: sales@example.com", options: { breakLine: true } },
      { text: "Phone: +91 00000 00000 (sample)", options: { breakLine: true } },
      { text: "Office: Surat, Gujarat, India" },
    ],
    { x: 0.5, y: 2.1, w: 9, h: 1.4, fontFace: FONT, fontSize: 16, color: NAVY2, valign: "top", paraSpaceAfter: 6 },
  );
  s5.addText("Contact details are placeholders in this sample. AVEVA and AVEVA product names are trademarks of AVEVA Group Limited or its subsidiaries.", {
    x: 0.5,
    y: 4.2,
    w: 9,
    h: 0.6,
    fontFace: FONT,
    fontSize: 10,
    color: STEEL,
  });

  const data = await withFixedClock(() => pres.write({ outputType: "nodebuffer", compression: true }));
  await save("presentations/aveva-work-tasks.pptx", data as Uint8Array);
}
