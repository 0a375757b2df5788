/**
 * The marketing assistant of editor-tasks.ts: a Playwright page driven only the ways a person
 * drives the editor (clicks and taps, typing, drags, swipes, file uploads), each counted, with what the editor
 * said along the way (its notices, toasts and field messages) and screenshots of the moments
 * that matter.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";

/** Where the editor speaks: Decap's toasts and field messages, and the editor's own boxes (src/admin/notice.ts, live-notice.ts). */
const SPOKEN = [
  '[class*="toast"]',
  '[role="alert"]',
  "[data-lariox-notice]",
  "[data-lariox-live]",
  '[class*="ControlErrorsList"] li',
  '[class*="-ErrorMessage"]',
].join(", ");

/**
 * Collects, in the page, each distinct text shown in SPOKEN as it appears (a toast is gone a few
 * seconds later). A string, not a function: tsx's compiled functions call a helper the page lacks.
 */
const LISTEN = `
  const seen = (window.__spoken = []);
  const note = () => {
    for (const element of document.querySelectorAll(${JSON.stringify(SPOKEN)})) {
      const text = element.innerText.replace(/\\s+/g, " ").replace(/ ×$/, "").trim();
      if (text && !seen.some((t) => t.includes(text))) seen.push(text);
    }
  };
  addEventListener("DOMContentLoaded", () => new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true }));
`;

export class Assistant {
  clicks = 0;
  keys = 0;
  drags = 0;
  swipes = 0;
  uploads = 0;

  constructor(
    readonly page: Page,
    private readonly shots: string,
  ) {
    mkdirSync(shots, { recursive: true });
  }

  /** Starts listening before any of the editor's scripts run. */
  static async on(page: Page, shots: string): Promise<Assistant> {
    await page.addInitScript(LISTEN);
    // Leaving an entry with unsaved changes asks first; the assistant says yes.
    page.on("dialog", (dialog) => void dialog.accept());
    return new Assistant(page, shots);
  }

  async reset(): Promise<void> {
    this.clicks = this.keys = this.drags = this.swipes = this.uploads = 0;
    await this.page.evaluate(() => ((window as unknown as { __spoken: string[] }).__spoken.length = 0));
  }

  /** What the editor has said since the last reset. */
  async heard(): Promise<string[]> {
    return this.page.evaluate(() => [...(window as unknown as { __spoken: string[] }).__spoken]);
  }

  async click(target: Locator): Promise<void> {
    await target.click();
    this.clicks++;
  }

  /** Clicks into a box, selects what is there and types `text` over it. */
  async type(target: Locator, text: string): Promise<void> {
    await this.click(target);
    await target.press("ControlOrMeta+a");
    await target.fill(text);
    this.keys += 1 + text.length;
  }

  /** Types at the end of what a box holds. */
  async append(target: Locator, text: string): Promise<void> {
    await this.click(target);
    await target.press("End");
    await target.pressSequentially(text);
    this.keys += 1 + text.length;
  }

  async press(target: Locator, key: string): Promise<void> {
    await target.press(key);
    this.keys++;
  }

  /**
   * Drags `handle` until its middle is over `onto`'s middle, as a hand does: the pointer goes down,
   * moves in small steps (the list's drag starts only after a few pixels of movement) and comes up.
   */
  async drag(handle: Locator, onto: Locator): Promise<void> {
    await onto.scrollIntoViewIfNeeded();
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await onto.boundingBox())!;
    const mouse = this.page.mouse;
    await mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await mouse.down();
    await mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
    await mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
    await mouse.up();
    this.drags++;
  }

  /** A finger's tap on `target` (the page's context has a touch screen), counted as a click. */
  async tap(target: Locator): Promise<void> {
    await target.tap();
    this.clicks++;
  }

  /**
   * A finger put down on the middle of `start` and slid `dy` pixels (up when negative) in small
   * steps, then lifted: real touch events, as a phone sends them, to scroll.
   */
  async swipe(start: Locator, dy: number): Promise<void> {
    await start.scrollIntoViewIfNeeded();
    const box = (await start.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let step = 1; step <= 12; step++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y + (dy * step) / 12 }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
    this.swipes++;
  }

  /** Clicks `button` (an Upload button), and picks `files` in the file chooser it opens. */
  async upload(button: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    const chooser = this.page.waitForEvent("filechooser");
    await this.click(button);
    await (await chooser).setFiles(files);
    this.uploads++;
  }

  /** A picture of the moment; one that cannot be taken (Chromium busy past 15 s) is named in `missed`, not a failed task. */
  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: join(this.shots, `${name}.png`), timeout: 15_000 }).catch(() => this.missed.push(name));
  }

  readonly missed: string[] = [];
}
