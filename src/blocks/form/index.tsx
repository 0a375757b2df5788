import { ToastOutlet } from "./toasts.tsx";
import type { SectionOf } from "../../content/types.ts";
import { Form } from "./Form.tsx";

/** The form and the place its toasts appear (sonner loads after the page starts). */
export function FormWithToasts({ section }: { section: SectionOf<"form"> }) {
  return (
    <>
      <Form section={section} />
      <ToastOutlet />
    </>
  );
}

export default FormWithToasts;
