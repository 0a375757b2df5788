/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): keeps where the
 * visit came from, before anything can change the page's address, for an enquiry to send
 * (src/ui/lead-source.ts). Only the visit's first page writes it.
 */
import { rememberVisit } from "../ui/lead-source.ts";

rememberVisit();
