/** `attachment; filename="…"` with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii =
    filename
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "_") || "download";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
