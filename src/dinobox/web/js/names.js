// Who sits at each seat. The games name seats by colour ("Red"); people type names and bots have
// a kind. The page shows both, "Alice (Red)", everywhere: panels, "X to act", the log and the
// score table. Engine texts stay as they are: log lines are decorated here, on the page, from
// the public table data (the seat list every spectator receives).

const BOT_KINDS = { random: "Random bot", heuristic: "Heuristic bot", ismcts: "ISMCTS bot" };

/** "ismcts:iterations=200,seconds=1" -> "ISMCTS bot"; the options stay out of the label. */
export function botLabel(spec) {
  const kind = String(spec || "").split(":")[0].trim().toLowerCase();
  if (!kind) return "Bot";
  return BOT_KINDS[kind] || `${kind[0].toUpperCase()}${kind.slice(1)} bot`;
}

/** The person's name or the bot's kind at a seat, from the table data; null when nobody sits there yet. */
export function occupant(table, seat) {
  const info = table && Array.isArray(table.seats) ? table.seats[seat] : null;
  if (!info) return null;
  if (info.type === "bot") return botLabel(info.bot);
  return info.claimed && info.name ? String(info.name) : null;
}

/** What the game calls the seat (its colour), when the view says. */
export function gameName(view, seat) {
  const p = view && Array.isArray(view.players) ? view.players[seat] : null;
  return p && typeof p.name === "string" && p.name ? p.name : null;
}

/** "Alice (Red)"; just "Red" with nobody seated (or a name equal to the colour); "Seat 2" with neither. */
export function seatLabel(view, table, seat) {
  const colour = gameName(view, seat);
  const person = occupant(table, seat);
  if (colour && person && person.toLowerCase() !== colour.toLowerCase()) return `${person} (${colour})`;
  return colour || person || `Seat ${seat + 1}`;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

let cached = { key: null, pattern: null }; // one pattern per set of seat names, not one per log line

function seatPattern(names) {
  const key = names.join("\u0000");
  if (cached.key !== key) {
    const alternatives = [...names].sort((a, b) => b.length - a.length).map(escapeRegExp);
    cached = { key, pattern: new RegExp(`(?<![\\w])(?:${alternatives.join("|")})(?![\\w])`, "g") };
  }
  return cached.pattern;
}

/** A text from the engine cut into plain strings and {seat, label} pieces wherever it names a seat
 * by the game's name for it. Whole words only, case as the game writes it: "Red's turn" is a seat,
 * "a red prize" is not. */
export function namePieces(text, view, table) {
  const source = String(text);
  const seats = new Map();
  const players = view && Array.isArray(view.players) ? view.players : [];
  players.forEach((p, i) => {
    const seat = p && typeof p.seat === "number" ? p.seat : i;
    const name = gameName(view, i);
    if (name && !seats.has(name)) seats.set(name, seat);
  });
  if (!seats.size) return [source];
  const pattern = seatPattern([...seats.keys()]);
  const out = [];
  let at = 0;
  for (const match of source.matchAll(pattern)) {
    if (match.index > at) out.push(source.slice(at, match.index));
    const seat = seats.get(match[0]);
    out.push({ seat, label: seatLabel(view, table, seat) });
    at = match.index + match[0].length;
  }
  if (at < source.length) out.push(source.slice(at));
  return out;
}

/** The same text with every seat named as "Alice (Red)". */
export function withNames(text, view, table) {
  return namePieces(text, view, table).map((p) => (typeof p === "string" ? p : p.label)).join("");
}
