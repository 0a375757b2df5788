/**
 * The client build's stylesheet: every style module of the site, so that the one stylesheet every
 * page links holds the shell's and every block's styles, though the browser runs none of their
 * code (the prerender draws them; vite.config.ts names this an input). Its own chunk is loaded
 * by no page.
 */
import "./styles/global.css.ts";

// Not the cursor's: the cursor module imports its own, so that module stays one file (its CSS still
// goes to the one stylesheet).
import.meta.glob(["./**/*.css.ts", "!./admin/**", "!./shell/Cursor.css.ts"], { eager: true });
