/** ZIP → state (and area) from the bundled USPS ZIP3 table; no network call. */
import { stateForZip, zip3 } from "./data/zip3-states";

export interface ZipLookup {
  /** the state of a 5-digit ZIP, or null when the ZIP is malformed or its prefix is not in use */
  stateFor(zip: string): string | null;
  area(zip: string): string;
}

export const zipLookup: ZipLookup = {
  stateFor: (zip) => stateForZip(zip.trim()),
  area: (zip) => zip3(zip.trim()),
};
