// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import site from "virtual:site";
import { ContactText } from "../../src/ui/ContactText.tsx";
import { telHref } from "../../src/ui/format.ts";

describe("a text naming the company's contacts", () => {
  const [first, second] = site.contact.phones;
  const { email } = site.contact;

  it("makes each phone number and the e-mail address a link, kept on one line, and leaves the rest as written", () => {
    const text = `Call ${first}${second ? ` / ${second}` : ""} or write to ${email} (Mon-Sat).`;
    const { container } = render(<p>{<ContactText text={text} />}</p>);
    expect(container.textContent).toBe(text);
    const links = [...container.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([[first, telHref(first!)], ...(second ? [[second, telHref(second)]] : []), [email, `mailto:${email}`]]);
    for (const a of container.querySelectorAll("a")) expect(a.className).not.toBe("");
  });

  it("leaves a text without them alone", () => {
    const { container } = render(<p>{<ContactText text="Surat, Gujarat, India" />}</p>);
    expect(container.innerHTML).toBe("<p>Surat, Gujarat, India</p>");
  });
});
