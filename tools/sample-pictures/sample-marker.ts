/**
 * Written into the Subject of every sample document tools/sample-pictures draws (the datasheet and
 * brochure PDFs, the pptx), so `npm run launch-check` can tell a sample from the vendor's file.
 */
export const SAMPLE_NOTE = "to be replaced by the vendor's official file";
