import { style, globalStyle } from "@vanilla-extract/css";
import { focusRing, media, vars } from "../../styles/theme.css.ts";
import { bannerLarge, bannerMedium, bannerSmall } from "../shared.css.ts";

export const banner = style({
  position: "relative",
  display: "grid",
  alignItems: "center",
  height: bannerSmall,
  overflow: "hidden",
  background: vars.band.bg,
  color: vars.band.heading,
  vars: { [focusRing]: vars.band.focus },
  "@media": { [media.medium]: { height: bannerMedium }, [media.large]: { height: bannerLarge } },
});

export const bannerImage = style({ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" });

globalStyle(`${banner} picture`, { position: "absolute", inset: 0 });

export const bannerOverlay = style({
  position: "absolute",
  inset: 0,
  background: vars.band.scrimBanner,
});

export const bannerContent = style({ position: "relative" });

export const bannerHeading = style({ color: vars.band.heading, fontSize: vars.fontSize.display, margin: 0, maxWidth: "22ch" });

export const bannerText = style({ color: vars.band.text, fontSize: vars.fontSize.lg, marginTop: vars.space.sm, marginBottom: 0, maxWidth: "60ch" });
