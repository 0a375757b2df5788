import { Toaster } from "sonner";
import type { SectionOf } from "../content/types.ts";
import { Form } from "./Form.tsx";

/** The form and the toaster that shows its outcomes travel together, in the form's own chunk. */
export function FormWithToasts({ section }: { section: SectionOf<"form"> }) {
  return (
    <>
      <Form section={section} />
      <Toaster closeButton position="top-right" richColors />
    </>
  );
}
