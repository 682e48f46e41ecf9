// The fallback board: any view, shown readably. Scalars become a fact list, lists of objects
// become tables, everything else nests. Rows that stand for a seat offer the actions aimed at it.
import { h, playerName, s, SEAT_HEX, seatColour, titleCase } from "../ui.js";

const SKIP = new Set(["game", "seat"]);

export function render(root, ctx) {
  const view = ctx.view || {};
  const box = h("div", { class: "generic" });
  for (const map of findMaps(view)) box.append(mapSvg(map, view, ctx));
  const facts = Object.entries(view).filter(([k, v]) => !SKIP.has(k) && !isComplex(v));
  if (facts.length) box.append(kv(facts));
  for (const [key, value] of Object.entries(view)) {
    if (SKIP.has(key) || !isComplex(value)) continue;
    box.append(h("h4", {}, titleCase(key)), block(key, value, ctx));
  }
  root.append(box);
}

function isComplex(value) {
  return value !== null && typeof value === "object";
}

function kv(entries) {
  return h("dl", { class: "kv" }, entries.flatMap(([k, v]) => [h("dt", {}, titleCase(k)), h("dd", {}, short(v))]));
}

export function short(value) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.map(short).join(", ") : "none";
  if (typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length ? entries.map(([k, v]) => `${titleCase(k)}: ${short(v)}`).join("; ") : "none";
  }
  return String(value);
}

function block(key, value, ctx) {
  if (Array.isArray(value) && value.length >= 3 && value.every((v) => typeof v === "string")
      && new Set(value.map((v) => v.length)).size === 1) {
    return h("pre", { class: "rows" }, value.join("\n")); // a picture drawn in text: keep it aligned
  }
  if (Array.isArray(value)) {
    if (value.length && value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      return rows(key, value, ctx);
    }
    if (value.length && value.every(Array.isArray)) {
      return h("table", { class: "data" }, h("tbody", {}, value.map((r) => h("tr", {}, r.map((c) => h("td", {}, short(c)))))));
    }
    return h("p", {}, short(value));
  }
  const entries = Object.entries(value);
  const simple = ([, v]) => !isComplex(v) || (Array.isArray(v) && v.every((x) => !isComplex(x)) && !looksLikeRows(v));
  const out = h("div", {});
  if (entries.some(simple)) out.append(kv(entries.filter(simple)));
  for (const [k, v] of entries) if (!simple([k, v])) out.append(h("h4", {}, titleCase(k)), block(k, v, ctx));
  return out;
}

function rows(key, items, ctx) {
  const cols = [];
  for (const item of items) for (const k of Object.keys(item)) if (!cols.includes(k)) cols.push(k);
  const seatRows = key === "players" || cols.includes("seat");
  const letters = seatLetters(ctx.view);
  const body = items.map((item, i) => {
    const seat = typeof item.seat === "number" ? item.seat : (key === "players" ? i : null);
    const tr = h("tr", { "data-row": i, "data-seat": seatRows ? seat : null },
      cols.map((c) => h("td", {}, c === "name" && seat !== null
        ? [h("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }),
          h("span", { class: "seat-letter", title: "the letter on this player's pieces" }, letters[seat] ?? String(seat + 1)),
          key === "players" ? playerName(ctx.view, ctx.table, seat) : short(item[c])] : short(item[c]))));
    if (seatRows && seat !== null) {
      ctx.offer(tr, (a) => a.target_seat === seat || a.target === seat || a.to_seat === seat);
    }
    return tr;
  });
  return h("div", { style: "overflow-x:auto", id: key === "players" ? "players" : null }, h("table", { class: "data" },
    h("thead", {}, h("tr", {}, cols.map((c) => h("th", {}, titleCase(c))))), h("tbody", {}, body)));
}

/** The letter each seat's pieces carry: its name's first letter, or its number where two names
 * start alike ("Player 1", "Player 2"), as the terminal marks them (cli/table.py first_letters). */
export function seatLetters(view) {
  const players = view && Array.isArray(view.players) ? view.players : [];
  const names = players.map((p, i) => String((p && p.name) || `Seat ${i + 1}`).trim());
  const letters = names.map((n) => (n.charAt(0) || "?").toUpperCase());
  const stems = new Set(names.map((n) => n.replace(/\+$/, "")));
  return new Set(letters).size === stems.size ? letters : names.map((_, i) => String(i + 1));
}

function looksLikeRows(v) {
  return v.length >= 3 && v.every((x) => typeof x === "string") && new Set(v.map((x) => x.length)).size === 1;
}

// ----- maps: any list of records with coordinates is drawn as a clickable map ------------------
const COORDS = [["x", "y"], ["col", "row"], ["q", "r"]];
const IDS = ["cell", "id", "space", "tile"];
const KIND_FILL = ["#e9dc7c", "#86a872", "#f2b766", "#a9c6e8", "#d9b8e8", "#f3b0a8", "#c8c8c8", "#b5e0b5"];

function findMaps(view) {
  const found = [];
  const visit = (value, path, depth) => {
    if (depth > 2 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      if (value.length >= 4 && value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
        const pair = COORDS.find(([a, b]) => value.every((v) => typeof v[a] === "number" && typeof v[b] === "number"));
        if (pair) found.push({ path, items: value, xKey: pair[0], yKey: pair[1],
          idKey: IDS.find((k) => value.every((v) => typeof v[k] === "number")) });
      }
      return;
    }
    for (const [k, v] of Object.entries(value)) visit(v, path.concat(k), depth + 1);
  };
  visit(view, [], 0);
  return found;
}

function occupants(view, map) {
  // records elsewhere in the view that stand on a map item: {space|cell|at: id, owner|seat: n}
  const out = [];
  if (!map.idKey) return out;
  const ids = new Set(map.items.map((m) => m[map.idKey]));
  for (const [key, list] of Object.entries(view)) {
    if (!Array.isArray(list) || list === map.items) continue;
    for (const item of list) {
      if (!item || typeof item !== "object") continue;
      const at = ["space", "cell", "at", "position"].map((k) => item[k]).find((v) => typeof v === "number" && ids.has(v));
      if (at === undefined) continue;
      const owner = typeof item.owner === "number" ? item.owner : typeof item.seat === "number" ? item.seat : null;
      out.push({ at, owner, label: String(item.name || item.label || key).slice(0, 14), key });
    }
  }
  for (const item of map.items) {
    for (const field of ["paleontologist", "occupant", "owner"]) {
      if (typeof item[field] === "number") out.push({ at: item[map.idKey], owner: item[field], label: `seat ${item[field] + 1}` });
    }
  }
  return out;
}

function mapSvg(map, view, ctx) {
  const xs = map.items.map((m) => m[map.xKey]);
  const ys = map.items.map((m) => m[map.yKey]);
  const minX = Math.min(...xs), minY = Math.min(...ys);
  const step = 44;
  const width = (Math.max(...xs) - minX) * step + 2 * step;
  const height = (Math.max(...ys) - minY) * step + 2 * step;
  const kinds = [...new Set(map.items.map((m) => String(m.kind ?? m.terrain ?? m.type ?? "")))];
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "generic-map", role: "img",
    "aria-label": titleCase(map.path.join(" ") || "map") });
  const where = new Map();
  for (const item of map.items) {
    const cx = (item[map.xKey] - minX) * step + step;
    const cy = (item[map.yKey] - minY) * step + step;
    const id = map.idKey ? item[map.idKey] : null;
    where.set(id, [cx, cy]);
    const kind = String(item.kind ?? item.terrain ?? item.type ?? "");
    const g = s("g", { "data-map-item": id ?? "" });
    const named = [item.colour, item.color, item.trail, kind].find((c) => typeof c === "string" && c
      && window.CSS && CSS.supports("color", c));
    g.append(s("rect", { x: cx - 19, y: cy - 19, width: 38, height: 38, rx: 7,
      fill: named || KIND_FILL[kinds.indexOf(kind) % KIND_FILL.length], "fill-opacity": named ? 0.45 : 1,
      stroke: "#5a4a30", "stroke-width": 1.5 }));
    g.append(s("text", { x: cx, y: cy - 5, "text-anchor": "middle", "font-size": 10 },
      String(item.label ?? id ?? "")));
    g.append(s("text", { x: cx, y: cy + 13, "text-anchor": "middle", "font-size": 7, fill: "#333" }, kind.slice(0, 10)));
    g.append(s("title", {}, short(item)));
    if (id !== null) {
      ctx.offer(g, (a) => [a.cell, a.space, a.target_space, a.to, a.destination, a.tile].includes(id)
        || (Array.isArray(a.space) && a.space[0] === item.row && a.space[1] === item.col));
    }
    svg.append(g);
  }
  const count = new Map();
  const letters = seatLetters(view);
  for (const o of occupants(view, map)) {
    const [cx, cy] = where.get(o.at) || [null, null];
    if (cx === null) continue;
    const n = count.get(o.at) || 0;
    count.set(o.at, n + 1);
    const x = cx - 12 + (n % 3) * 12, y = cy + 2 + Math.floor(n / 3) * 10;
    const owner = o.owner === null ? "" : `${playerName(view, ctx.table, o.owner)}: `;
    // the owner's letter on the piece as well as its colour: whose piece it is needs no colour
    svg.append(s("g", { class: "generic-piece", "data-seat": o.owner ?? "" },
      s("circle", { cx: x, cy: y, r: 5.5,
        fill: o.owner === null ? "#444" : SEAT_HEX[o.owner % SEAT_HEX.length], stroke: "#111", "stroke-width": 1 }),
      o.owner === null ? null : s("text", { x, y: y + 2.5, "text-anchor": "middle", "font-size": 7, "font-weight": "bold",
        fill: "#fff", stroke: "#111", "stroke-width": 1.5, "paint-order": "stroke", class: "generic-piece-mark" },
      letters[o.owner] ?? String(o.owner + 1)),
      s("title", {}, owner + o.label)));
  }
  return h("div", { class: "panel" }, h("h4", {}, titleCase(map.path.join(" › ") || "map")), svg);
}
