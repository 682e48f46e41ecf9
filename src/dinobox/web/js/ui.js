// Small shared helpers: building DOM nodes, SVG nodes, seat colours, texts.
import { namePieces, seatLabel, withNames } from "./names.js";

export { seatLabel, withNames }; // boards name seats through ui.js, their one import

export const SVG_NS = "http://www.w3.org/2000/svg";

/** h("div", {class: "x", onclick: f}, child, "text") -> element */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** s("rect", {x: 1}) -> SVG element */
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else if (key === "style") setStyle(node, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
}

// Styles go through the CSSOM, never a style attribute: the Content-Security-Policy refuses those.
function setStyle(node, style) {
  const pairs = typeof style === "string"
    ? style.split(";").map((d) => d.split(/:(.*)/s)).filter((d) => d.length > 1)
    : Object.entries(style);
  for (const [name, value] of pairs) node.style.setProperty(name.trim(), String(value).trim());
}

export function seatColour(seat) {
  return `var(--seat${((seat % 8) + 8) % 8})`;
}

// Okabe and Ito's colour-blind-safe palette, the terminal's too (src/dinobox/games/boardmarks.py):
// the seats stay apart under protanopia, deuteranopia and tritanopia (tests/browser/test_web_palette.py),
// and every piece also carries its player's letter, so no colour is needed to read a board.
export const OKABE_ITO = { vermillion: "#D55E00", skyBlue: "#56B4E9", bluishGreen: "#009E73", yellow: "#F0E442",
  orange: "#E69F00", blue: "#0072B2", reddishPurple: "#CC79A7", black: "#000000" };
export const SEAT_HEX = ["#D55E00", "#56B4E9", "#009E73", "#F0E442", "#E69F00", "#0072B2", "#CC79A7", "#000000"];

export function titleCase(text) {
  return String(text).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

// Players named after their pieces' colour get a dot of that colour; others the seat palette.
const NAMED_COLOURS = {
  red: "#D55E00", blue: "#56B4E9", green: "#009E73", yellow: "#F0E442", purple: "#AF87FF",
  orange: "#E69F00", teal: "#0072B2", white: "#f4f1ea", black: "#333333", grey: "#808080", pink: "#CC79A7",
};

export function playerColour(view, seat) {
  const p = view && Array.isArray(view.players) ? view.players[seat] : null;
  const named = p && typeof p.name === "string" ? NAMED_COLOURS[p.name.toLowerCase()] : undefined;
  return named || seatColour(seat);
}

/** "Alice (Red)": the name typed at the seat (or the bot's kind) beside the game's colour. */
export function playerName(view, table, seat) {
  return seatLabel(view, table, seat);
}

/** A text from the engine with each seat it names shown as a coloured dot and "Alice (Red)". */
export function named(text, view, table) {
  return namePieces(text, view, table).map((piece) => (typeof piece === "string" ? piece
    : h("span", { class: "who", "data-seat": piece.seat },
      h("span", { class: "seat-dot", style: `background:${playerColour(view, piece.seat)}` }), piece.label)));
}

/** One log entry as a list item, seats named. */
export function logItem(entry, view, table) {
  return h("li", { "data-kind": entry.kind }, named(entry.text, view, table));
}

/** The action's text without the leading "Name: " the engine adds (or the page's own label for it). */
export function actionLabel(info) {
  if (typeof info.label === "string") return info.label;
  return String(info.text || info.action).replace(/^[^:]{1,40}: /, "");
}

/** The legal actions with labels that name seats as "Alice (Red)". */
export function labelled(legal, view, table) {
  return legal.map((info) => ({ ...info, label: withNames(actionLabel(info), view, table) }));
}

let toastTimer = null;
export function toast(message) {
  let node = document.getElementById("toast");
  if (!node) {
    node = h("div", { id: "toast", class: "toast", role: "alert" });
    document.body.append(node);
  }
  node.textContent = message;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, 5000);
}

/** The final score table: scores, breakdown columns and winners. */
export function scoreTable(view, table) {
  const result = (table && table.result) || {};
  const scores = view.scores || result.scores;
  if (!scores) return h("p", {}, "The game is over.");
  const winners = new Set(view.winners || result.winners || []);
  const breakdown = view.breakdown || [];
  const parts = [];
  for (const row of breakdown) for (const key of Object.keys(row || {})) if (!parts.includes(key)) parts.push(key);
  const head = h("tr", {}, h("th", {}, "Player"), parts.map((p) => h("th", { class: "num" }, titleCase(p))),
    h("th", { class: "num" }, "Total"));
  const rows = scores.map((score, seat) => h("tr", { class: winners.has(seat) ? "winner" : "" },
    h("td", {}, h("span", { class: "seat-dot", style: `background:${playerColour(view, seat)}` }),
      playerName(view, table, seat), winners.has(seat) ? " ★ winner" : ""),
    parts.map((p) => h("td", { class: "num" }, fmt((breakdown[seat] || {})[p]))),
    h("td", { class: "num" }, h("strong", {}, score))));
  const caption = winners.size ? [] : [h("caption", {}, "Nobody won this game.")];
  // wide breakdowns scroll inside their own box on a phone instead of widening the page
  return h("div", { class: "table-scroll" },
    h("table", { class: "data score-table", id: "score-table" }, caption, h("thead", {}, head), h("tbody", {}, rows)));
}

function fmt(value) {
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Put ``nodes`` in ``list``, keeping the leading items that read the same, so a live region
 * (the log, the chat) announces only the new lines, not the whole list again. */
export function keepAndAppend(list, nodes) {
  const old = [...list.children];
  let same = 0;
  while (same < old.length && same < nodes.length && old[same].textContent === nodes[same].textContent) same += 1;
  old.slice(same).forEach((node) => node.remove());
  list.append(...nodes.slice(same));
}
