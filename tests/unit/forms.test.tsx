// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { ToastOutlet } from "../../src/blocks/form/toasts.tsx";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { routes } from "virtual:routes";
import type { SectionOf } from "../../src/content/types.ts";
import { Form } from "../../src/blocks/form/Form.tsx";
import { CurrentPageContext } from "../../src/ui/current-page.ts";
import { missingRequired, sendForm } from "../../src/blocks/form/send.ts";

type FormSection = SectionOf<"form">;

/** `fetch` for the form's posts; the time token the form asks for when shown is answered apart. */
function withTimeToken<F extends (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(fetch: F): F {
  return (async (url: RequestInfo | URL, init?: RequestInit) =>
    String(url).startsWith("/api/forms/time-token") ? new Response(JSON.stringify({ token: "t1.test" })) : fetch(url, init)) as F;
}

/** A fetch that answers `body` (a string is sent as is) with `status`, recording each call. */
function fakeFetch(body: unknown, status = 200) {
  return vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

describe("sendForm", () => {
  const payload = { name: "Asha", email: "asha@example.com" };

  it("posts the payload as JSON and reads success", async () => {
    const fetch = fakeFetch({ success: true, message: "Thanks" });
    expect(await sendForm("/api/mail/send-quote", payload, fetch)).toEqual({ kind: "success" });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/mail/send-quote");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual(payload);
  });

  it("reads success: false with the server's message and its field errors", async () => {
    const fetch = fakeFetch(
      {
        success: false,
        message: "Email must be a valid e-mail address, like name@example.com.",
        errors: [
          { field: "email", message: "Email must be a valid e-mail address, like name@example.com." },
          { field: "email", message: "second" },
          { nonsense: 1 },
          "x",
        ],
      },
      400,
    );
    expect(await sendForm("/api/mail/send-contact", payload, fetch)).toEqual({
      kind: "failure",
      serverMessage: "Email must be a valid e-mail address, like name@example.com.",
      fieldErrors: [{ field: "email", message: "Email must be a valid e-mail address, like name@example.com." }],
    });
  });

  it("reads success: false without a message (or a blank one) as a failure with no server message", async () => {
    for (const body of [{ success: false }, { success: false, message: "  " }, { success: false, message: 42 }]) {
      expect(await sendForm("/api/mail/send-contact", payload, fakeFetch(body))).toEqual({ kind: "failure", serverMessage: undefined, fieldErrors: [] });
    }
  });

  it("treats an answer that is not JSON, or not the expected shape, as an error", async () => {
    const html = await sendForm("/api/mail/send-contact", payload, fakeFetch("<html>502 Bad Gateway</html>", 502));
    expect(html.kind).toBe("error");
    const shapeless = await sendForm("/api/mail/send-contact", payload, fakeFetch({ ok: true }));
    expect(shapeless.kind).toBe("error");
    const nothing = await sendForm("/api/mail/send-contact", payload, fakeFetch("null"));
    expect(nothing.kind).toBe("error");
  });

  it("treats a network failure as an error", async () => {
    const failure = new TypeError("Failed to fetch");
    const fetch = vi.fn(async () => {
      throw failure;
    });
    expect(await sendForm("/api/mail/send-contact", payload, fetch)).toEqual({ kind: "error", error: failure });
  });

  it("counts blank required fields as missing", () => {
    expect(missingRequired({ name: "  ", email: "a@b.c" }, ["name", "email", "phone"])).toEqual(["name", "phone"]);
  });
});

describe("<Form>", () => {
  let contact: FormSection;
  let quote: FormSection;

  async function formOf(path: string): Promise<FormSection> {
    const route = routes.find((r) => r.path === path);
    if (!route) throw new Error(`no route ${path}`);
    const section = (await route.load()).default.sections.find((s) => s.type === "form");
    if (!section || section.type !== "form") throw new Error(`no form on ${path}`);
    return section;
  }

  beforeAll(async () => {
    contact = await formOf("/contact");
    quote = await formOf("/get-a-quote");
  });

  afterEach(async () => {
    toast.dismiss(); // sonner replays still-active toasts to the next Toaster
    // sonner removes a dismissed toast on a timer of its own: wait until it is gone, so no state update
    // lands after this file's page (jsdom) is torn down ('window is not defined' on a busy machine).
    await waitFor(() => expect(document.querySelector("[data-sonner-toast]")).toBeNull(), { timeout: 10_000 });
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function show(section: FormSection) {
    render(
      <>
        <Form section={section} />
        <ToastOutlet />
      </>,
    );
  }

  const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = (name: RegExp) => fireEvent.click(screen.getByRole("button", { name }));

  it("ties every label to its field and marks the required ones", async () => {
    show(contact);
    for (const f of contact.fields) {
      const input = screen.getByLabelText(new RegExp(`^${f.label}`));
      expect(input.getAttribute("name")).toBe(f.name);
      expect((input as HTMLInputElement).required).toBe(Boolean(f.required));
    }
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).rows).toBe(6);
    // The contact form leaves the required checks to the browser.
    expect(screen.getByRole("button", { name: "Send Message" }).closest("form")?.noValidate).toBe(false);
  });

  it("draws a select with the page's choices, in the page's order, after an empty first choice", () => {
    const options = [
      { value: "over-25-lakh", label: "Over ₹25 lakh" },
      { value: "under-5-lakh", label: "Under ₹5 lakh" },
    ];
    show({ ...quote, fields: [...quote.fields, { name: "budget", label: "Budget", input: "select", options }] });
    const select = screen.getByLabelText(/^Budget/) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([["", ""], ...options.map((o) => [o.value, o.label])]);
  });

  it("quote: an empty name or email shows the validation toast, marks the fields and sends nothing", async () => {
    const fetch = fakeFetch({ success: true });
    vi.stubGlobal("fetch", withTimeToken(fetch));
    show(quote);
    type(/^Company/, "Gujarat Polymers");
    submit(/Submit Request/);

    // sonner's region mounts as soon as its code is here (it loads after the page starts).
    const live = await waitFor(() => {
      const region = document.querySelector("section[aria-live]");
      expect(region).not.toBeNull();
      return region;
    });
    expect(live?.getAttribute("aria-live")).toBe("polite");
    await waitFor(() => expect(within(live as HTMLElement).getByText("Validation Error")).toBeTruthy());
    expect(within(live as HTMLElement).getByText("Please fill in all required fields.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    const name = screen.getByLabelText(/^Name/);
    const email = screen.getByLabelText(/^Email/);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby")!)?.textContent).toBe("Name is required.");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe("Email is required.");
    expect(document.activeElement).toBe(name);
    expect((screen.getByLabelText(/^Company/) as HTMLInputElement).value).toBe("Gujarat Polymers");

    // Typing clears that field's message; the other stays until the next submit.
    type(/^Name/, "Zoë");
    expect(name.getAttribute("aria-invalid")).toBeNull();
    expect(email.getAttribute("aria-invalid")).toBe("true");
  });

  it("quote: sends exactly the spec's fields plus the empty honeypot once, then the confirmation takes its place and the focus; another request starts cleared", async () => {
    let answer!: (r: Response) => void;
    const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", withTimeToken(fetch));
    show(quote);
    type(/^Name/, "Zoë Ñúñez");
    type(/^Email/, "zoe@example.com");
    type(/^Project/, "ETP SCADA");
    submit(/Submit Request/);
    submit(/Submit Request|Sending/);
    fireEvent.submit(screen.getByLabelText(/^Name/).closest("form")!);

    const button = await screen.findByRole("button", { name: "Sending…" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      name: "Zoë Ñúñez",
      email: "zoe@example.com",
      phone: "",
      company: "",
      project: "ETP SCADA",
      requirements: "",
      website: "",
      // The script's hidden fields: the spam defence's proofs and where the visit came from.
      timeToken: "t1.test",
      altcha: "proof",
      page: "/",
      landingPage: "/",
    });

    await act(async () => answer(new Response(JSON.stringify({ success: true, reference: "LA-2026-000042" }))));
    // The toast, and the confirmation in the form's place, focused, naming the reference.
    const confirmation = await screen.findByRole("heading", { name: "Form Submitted" });
    expect(document.activeElement).toBe(confirmation);
    expect(screen.getAllByText("Form Submitted")).toHaveLength(2);
    expect(confirmation.parentElement!.textContent).toContain("Your request has been submitted successfully. Your reference is LA-2026-000042.");
    expect(document.querySelector("form")).toBeNull();
    // Another request: the form again, cleared, its first field focused.
    act(() => fireEvent.click(screen.getByRole("button", { name: quote.backLabel })));
    for (const f of quote.fields) expect((screen.getByLabelText(new RegExp(`^${f.label}`)) as HTMLInputElement).value).toBe("");
    expect(document.activeElement).toBe(screen.getByLabelText(new RegExp(`^${quote.fields[0]!.label}`)));
    expect(screen.getByRole("button", { name: "Submit Request" })).toBeTruthy();
  });

  it("sends the page that holds the form, not the address the browser shows (a refused post's answer is at the endpoint)", async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ success: true })));
    vi.stubGlobal("fetch", withTimeToken(fetch));
    render(
      <CurrentPageContext value={{ title: "Get a Quote", path: "/get-a-quote" }}>
        <Form section={quote} />
      </CurrentPageContext>,
    );
    expect(location.pathname).toBe("/");
    type(/^Name/, "Zoë");
    type(/^Email/, "zoe@example.com");
    submit(/Submit Request/);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ page: "/get-a-quote", landingPage: "/" });
  });

  it("contact: a 400 answer marks the refused fields under them, shows the server's message and keeps every value", async () => {
    // The browser's own checks pass (a@b is a valid type=email value); the server still refuses it.
    const message = "Email must be a valid e-mail address, like name@example.com.";
    vi.stubGlobal(
      "fetch",
      withTimeToken(
        fakeFetch(
          {
            success: false,
            message,
            errors: [
              { field: "email", message },
              { field: "website", message: "ignored" },
            ],
          },
          400,
        ),
      ),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    show(contact);
    const values = {
      Name: "Dhruv",
      Subject: "PLC upgrade",
      Email: "dhruv@localhost",
      Phone: "+91 98765 43210",
      Company: "Shree Textiles",
      Message: "Two lines\nof text",
    };
    for (const [label, value] of Object.entries(values)) type(new RegExp(`^${label}`), value);
    submit(/Send Message/);

    expect(await screen.findByText("Error")).toBeTruthy();
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe(message);
    expect(screen.getAllByText(message)).toHaveLength(2); // the toast and the line under the field
    expect(document.activeElement).toBe(email);
    for (const [label, value] of Object.entries(values)) expect((screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement).value).toBe(value);
    expect(logged).toHaveBeenCalled();
  });

  it("quote: a network failure shows the exception toast, keeps the values and logs the error", async () => {
    vi.stubGlobal("fetch", withTimeToken(vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")))));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    show(quote);
    type(/^Name/, "Asha");
    type(/^Email/, "asha@example.com");
    submit(/Submit Request/);
    expect(await screen.findByText("Something went wrong. Please try again later.")).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Asha");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("quote form"), expect.any(TypeError));
  });
});
