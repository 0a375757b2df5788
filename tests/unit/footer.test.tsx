// @vitest-environment jsdom
import { render, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

// The site's own settings, with solutions of both kinds: with the page about them, and without.
vi.mock("virtual:site", async (importOriginal) => {
  const site = ((await importOriginal()) as { default: { footer: object } }).default;
  return {
    default: {
      ...site,
      footer: {
        ...site.footer,
        solutionsHeading: "Solutions",
        solutions: [{ label: "Recipe management", href: "/aveva/recips-manager-plus" }, { label: "Cloud services" }],
      },
    },
  };
});

const { Footer } = await import("../../src/shell/Footer.tsx");

describe("the footer's solutions", () => {
  it("link to the page about them, and stay plain text where there is none", () => {
    const { getByRole } = render(<Footer />);
    const solutions = within(getByRole("region", { name: "Solutions" }));
    expect(solutions.getByRole("link", { name: "Recipe management" }).getAttribute("href")).toBe("/aveva/recips-manager-plus");
    expect(solutions.getByText("Cloud services").tagName).toBe("LI");
    expect(solutions.getAllByRole("link")).toHaveLength(1);
  });
});
