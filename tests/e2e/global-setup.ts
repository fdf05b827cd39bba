/** Global setup: an empty folder for the pages the HTML validator checks after the run. */
import { clearSavedPages } from "./html-pages";

export default async function globalSetup() {
  clearSavedPages();
}
