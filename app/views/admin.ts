/** What the console's frame shows (issue 27): built by operators/frame.ts, drawn by components/admin/AdminNav.tsx. */
export interface AdminFrameData {
  operator: { name: string; email: string; role: string };
  /** the areas this role may open, in menu order */
  areas: { href: string; key: string }[];
  limits: { idleSeconds: number; absoluteSeconds: number; warningSeconds: number };
}
