import { useEffect, useRef } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { screenshotValue } from "./screenshot-lines";

/** Draws the form's labels and values (sensitive ones masked, a card's security code left out: screenshotValue) into a PNG. */
function drawForm(form: HTMLFormElement): string | null {
  const lines: string[] = [];
  for (const el of Array.from(form.elements) as Array<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) {
    if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") continue;
    if ((el.type === "radio" || el.type === "checkbox") && !(el as HTMLInputElement).checked) continue;
    const label = el.labels?.[0]?.textContent?.trim() ?? el.name;
    let value = el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.textContent ?? "") : el.value;
    if (el.type === "radio" || el.type === "checkbox") value = label;
    const shown = screenshotValue(el.name, value);
    if (shown === null) continue;
    value = shown;
    lines.push(
      el.type === "radio" ? `${el.closest("fieldset")?.querySelector("legend")?.textContent ?? el.name}: ${value}` : `${label}: ${value}`,
    );
  }
  const canvas = document.createElement("canvas");
  canvas.width = 900;
  canvas.height = 40 + lines.length * 26;
  const g = canvas.getContext("2d");
  if (!g) return null;
  g.fillStyle = "#fff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#1b1b1b";
  g.font = "16px sans-serif";
  for (const [i, line] of lines.entries()) g.fillText(line.slice(0, 110), 16, 32 + i * 26);
  return canvas.toDataURL("image/png");
}

/**
 * With JavaScript, a picture of the step's form goes to the server when the step is saved —
 * best effort: it never delays or blocks the save, and a failure is only logged.
 */
export function StepScreenshot({ tab }: { tab: string }) {
  const marker = useRef<HTMLSpanElement>(null);
  const csrf = useAuthenticityToken();
  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      const submitter = event.submitter as HTMLButtonElement | null;
      if (submitter?.value !== "next") return;
      try {
        const image = drawForm(form);
        if (!image) return;
        const body = new URLSearchParams({ csrf, name: tab, image });
        void fetch("/api/screenshot", { method: "POST", body, keepalive: body.toString().length < 60000 }).catch((e) =>
          console.warn("screenshot not sent", e),
        );
      } catch (e) {
        console.warn("screenshot not taken", e);
      }
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [tab, csrf]);
  return <span ref={marker} hidden />;
}
