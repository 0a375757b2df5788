// The pages holding a form, with their images: a module only the form answers' render entry is
// built with (scripts/build/form-answer.ts).
declare module "virtual:form-pages" {
  export const formPages: import("../app/App.tsx").LoadedPage[];
}
