/** Addresses of the current-member screens: the search text and page travel in the query string. */
export interface MemberListState {
  q: string;
  page: number;
}

/** basePath with ?q=…&page=… (page 1 and an empty search are left out) plus any extra keys. */
export function listHref(basePath: string, list: MemberListState, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (list.q) params.set("q", list.q);
  if (list.page > 1) params.set("page", String(list.page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}
