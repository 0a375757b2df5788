import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * The one ajv set-up, for the content schemas (src/content/schemas.ts) and the form payloads the
 * server checks (src/server/enquiries/validate.ts). strict: a typo in a schema keyword fails loudly instead
 * of validating nothing. Nothing is coerced or defaulted: a value is valid as sent, or refused.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true, discriminator: true, allowUnionTypes: true, coerceTypes: false, useDefaults: false });
  addFormats.default(ajv);
  return ajv;
}
