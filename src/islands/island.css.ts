import { style } from "@vanilla-extract/css";

/** An island's root adds no box: the block lays out as if it were its parent's child. */
export const island = style({ display: "contents" });
