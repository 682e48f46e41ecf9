// The JSON API and the seat tokens this browser holds (kept in localStorage per table).

export async function api(path, options = {}) {
  const init = { method: options.method || "GET", headers: {} };
  if (options.body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  let data = null;
  let read = true;
  try { data = await response.json(); } catch { read = false; }
  if (!response.ok) {
    const message = data && data.error ? data.error : `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.code = data && data.code;
    throw error;
  }
  // an answer cut short (e.g. the page is being left while it arrives) is an error, not null
  if (!read) throw new Error("the server's answer was cut short");
  return data;
}

const KEY = (tableId) => `dinobox:tokens:${tableId}`;

export function storedTokens(tableId) {
  try { return JSON.parse(localStorage.getItem(KEY(tableId)) || "{}"); } catch { return {}; }
}

export function storeTokens(tableId, tokens) {
  const all = storedTokens(tableId);
  for (const t of tokens) all[t.seat] = t.token;
  localStorage.setItem(KEY(tableId), JSON.stringify(all));
  const recent = recentTables().filter((id) => id !== tableId);
  localStorage.setItem(RECENT, JSON.stringify([tableId, ...recent].slice(0, 50)));
  return all;
}

const RECENT = "dinobox:recent-tables";

/** The tables where this browser holds a seat, the most recently joined first. */
export function recentTables() {
  try {
    const ids = JSON.parse(localStorage.getItem(RECENT) || "[]");
    if (ids.length) return ids;
  } catch { /* fall through */ }
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key.startsWith("dinobox:tokens:")) found.push(key.slice("dinobox:tokens:".length));
  }
  return found.slice(0, 50);
}

export function socketUrl(tableId, seat, token) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = seat === null || seat === undefined ? "" : `?seat=${seat}&token=${encodeURIComponent(token)}`;
  return `${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`;
}
