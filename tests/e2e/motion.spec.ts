import { expect, isMobile, test } from "./fixtures.ts";
import { content } from "./content.ts";

const { ui } = content.site;
const pageWith = (type: string) => content.pages.find((p) => p.page.sections.some((s) => s.type === type))!.page.path;

test("the partner strip stops and goes again with its switch, from the keyboard and by a tap or click", async ({ page, viewport }) => {
  await page.goto(pageWith("logoStrip"));
  const pause = page.getByRole("checkbox", { name: ui.pauseLogos });
  const track = page.locator("section", { has: pause }).locator("ul").first();
  const playState = () => track.evaluate((el) => el.getAnimations().map((a) => a.playState));
  await pause.scrollIntoViewIfNeeded();
  await expect.poll(playState).toEqual(["running"]);

  await pause.focus();
  await page.keyboard.press("Space");
  await expect(pause).toBeChecked();
  await expect.poll(playState).toEqual(["paused"]);
  // A pause is pending until the compositor has stopped the strip; from then on it stands still.
  await track.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.ready)));
  const at = () => track.evaluate((el) => getComputedStyle(el).transform);
  const before = await at();
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))));
  expect(await at()).toBe(before);

  if (isMobile(viewport?.width)) await pause.tap();
  else await pause.click();
  await expect(pause).not.toBeChecked();
  await expect.poll(playState).toEqual(["running"]);
});

test("the hero's Pause holds the typed tagline as well as the slides", async ({ page }) => {
  await page.clock.install();
  await page.goto(pageWith("hero"));
  const hero = page.locator("[data-island=hero]");
  const typed = hero.locator("p > [aria-hidden=true]");
  const current = hero.locator("button[aria-current=true]");
  // Playing, the tagline changes as time passes.
  const first = await typed.innerText();
  await page.clock.runFor(content.site.behaviour.typedTagline.holdMs + 500);
  await expect(typed).not.toHaveText(first);

  await hero.getByRole("button", { name: ui.pauseCarousel }).click();
  const held = await typed.innerText();
  const slide = await current.getAttribute("aria-label");
  await page.clock.runFor(content.site.behaviour.hero.intervalMs * 2);
  await expect(typed).toHaveText(held);
  await expect(current).toHaveAttribute("aria-label", slide!);

  // Play goes on from there.
  await hero.getByRole("button", { name: ui.playCarousel }).click();
  await page.clock.runFor(content.site.behaviour.typedTagline.holdMs + 500);
  await expect(typed).not.toHaveText(held);
});
