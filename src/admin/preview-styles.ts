// The site's global styles, for the preview pane only: this build writes them (with every
// block's styles) to /admin/preview.css, which the editor's own page never links.
import "../styles/global.css.ts";
