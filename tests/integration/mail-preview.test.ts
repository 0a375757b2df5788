// @vitest-environment node
/**
 * `npm run mails` (scripts/mail-preview.ts) into a temporary folder: the four mails printed as a
 * mail client reads them (subject, structure, text part) and their HTML parts written as files,
 * saying what the samples (scripts/lib/mail-samples.ts) hold, what the visitor typed escaped.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import escape from "escape-string-regexp";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../scripts/mail-preview.ts";
import { enquiry, heldRows } from "../../scripts/lib/mail-samples.ts";

const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function run(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const status = await main(argv, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
  return { status, stdout, stderr };
}

/** The printout of one mail: from its "=== name:" line to the next. */
const printed = (stdout: string, name: string) => stdout.split(/^(?==== )/m).find((block) => block.startsWith(`=== ${name}:`)) ?? "";
/** A mail's text part as printed. */
const textPart = (block: string) => /--- text part ---\n([\s\S]*?)\n--- end of text part ---/.exec(block)?.[1] ?? "";

describe("npm run mails", () => {
  it("prints the four mails as a mail client reads them and writes each HTML part", async () => {
    const out = mkdtempSync(join(tmpdir(), "mail-preview-"));
    temp.push(out);
    const { status, stdout, stderr } = await run(["--out", out]);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["digest.html", "receipt.html", "sales.html", "weekly-summary.html"]);

    const reference = enquiry.reference;
    expect(reference).toBe("LA-2026-001287");
    const sales = printed(stdout, "sales");
    expect(sales).toContain(`Subject:  Contact: Siemens S7-300 to S7-1500 migration on two jet dyeing machines — from Dhruv Patel (ધ્રુવ પટેલ) [${reference}]`);
    expect(sales).toContain('Reply-To: "Dhruv Patel (ધ્રુવ પટેલ)" <dhruv.patel@shreeambikatextiles.in>');
    expect(sales).toMatch(/MIME:\n {2}multipart\/alternative {2}\(\d[\d,]* bytes\)\n {4}text\/plain; charset=utf-8; .*\n {4}text\/html; charset=utf-8; /);
    expect(textPart(sales)).toContain(`Reference: ${reference} (the sender was given it; quote it in replies)`);
    expect(textPart(sales)).toContain("Company: Shree Ambika Textiles & Processors, Surat");
    expect(sales).toContain(`HTML:     ${join(out, "sales.html")}`);
    const salesHtml = readFileSync(join(out, "sales.html"), "utf8");
    expect(salesHtml.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(salesHtml).toContain("Shree Ambika Textiles &amp; Processors, Surat");
    expect(salesHtml).toContain("ધ્રુવ પટેલ");

    const receipt = printed(stdout, "receipt");
    expect(receipt).toContain(`Subject:  We received your message ${reference} — Lariox Automation`);
    expect(receipt).toContain('Reply-To: "Lariox Automation sales" <sales@lariox.in>');
    expect(textPart(receipt)).toContain(`Your reference: ${reference}`);
    expect(readFileSync(join(out, "receipt.html"), "utf8")).toContain('href="tel:+912614001234"');

    const digest = printed(stdout, "digest");
    expect(digest).toContain("Subject:  Held for review: 3 held enquiries from the website");
    for (const row of heldRows) expect(textPart(digest)).toContain(`${row.reference} · `);
    expect(textPart(digest)).toContain("  - The reply address is at mailinator.com, a throw-away mail service.");
    expect(readFileSync(join(out, "digest.html"), "utf8")).toMatch(/href="https:\/\/www\.lariox\.in\/review\/1291\.released\.\d+\.[\w-]+"/);

    const summary = printed(stdout, "weekly-summary");
    expect(summary).toContain("Subject:  The website's week: 23 enquiries (17 the week before)");
    expect(textPart(summary)).toMatch(/^ {2}by form: Quote request form +8 +5$/m);
    expect(textPart(summary)).toContain("Web Vitals of real visits, 75th percentile");
    const summaryHtml = readFileSync(join(out, "weekly-summary.html"), "utf8");
    expect(summaryHtml).toContain("≤ 250 ms needs improvement");
    // Three columns of figures leave a phone no room for the name beside them: it has a row of its own.
    expect(summaryHtml).toMatch(/<td colSpan="3"[^>]*>\/aveva\/aveva-intouch<\/td>/);
  });

  it("--shots: a full-page PNG of each mail at 375 px, none wider than the screen", { timeout: 60_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), "mail-preview-"));
    temp.push(out);
    const { status, stdout } = await run(["--out", out, "--shots"]);
    expect(status).toBe(0);
    for (const name of ["sales", "receipt", "digest", "weekly-summary"]) {
      const png = readFileSync(join(out, `${name}.png`));
      // A PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(png.readUInt32BE(16)).toBe(375);
      expect(png.readUInt32BE(20)).toBeGreaterThan(740);
      expect(stdout).toMatch(new RegExp(`^Shot: +${escape(join(out, name))}\\.png \\(375 x \\d+ px; content 375 px wide, fits the width\\)$`, "m"));
    }
  });

  it("refuses an option it does not know, saying how it is used", async () => {
    const { status, stderr } = await run(["--outt", "x"]);
    expect(status).toBe(2);
    expect(stderr).toContain("Usage: npm run mails -- [--out DIR] [--shots]");
  });
});
