/**
 * Files that hold people's data are private to the server's user: folders 0700, files 0600
 * (issue 23: the SQLite files; the security review of the carrier feed: the 834s with whole SSNs).
 * A folder or file left readable by an older version is tightened at start — only when this user
 * owns it, and a folder only when it is not a shared place (a sticky folder such as /tmp, the home
 * folder, the working folder, /).
 */
import fs from "node:fs";
import path from "node:path";

/** Sets a file's or folder's mode when it differs and this user owns it; a missing one is left alone. */
export function tighten(target: string, mode: number) {
  try {
    const stat = fs.statSync(target);
    if ((stat.mode & 0o777) !== mode && stat.uid === process.getuid?.()) fs.chmodSync(target, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** A folder of this user's, not a shared place, closed to others (0700). */
export function tightenFolder(dir: string) {
  const stat = fs.statSync(dir);
  const shared =
    (stat.mode & 0o1000) !== 0 /* sticky (fs.constants has no S_ISVTX) */ ||
    [path.parse(dir).root, process.cwd(), process.env.HOME].some((p) => p && path.resolve(p) === dir);
  if (!shared && (stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) fs.chmodSync(dir, 0o700);
}
