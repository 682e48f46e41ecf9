// The fallback board: any view, shown readably. Scalars become a fact list, lists of objects
// become tables, everything else nests. Rows that stand for a seat offer the actions aimed at it.
import { h, seatColour, titleCase } from "../ui.js";

const SKIP = new Set(["game", "seat"]);

export function render(root, ctx) {
  const view = ctx.view || {};
  const box = h("div", { class: "generic" });
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
  if (entries.length && entries.every(([, v]) => !isComplex(v) || Array.isArray(v))) return kv(entries);
  return h("div", {}, entries.map(([k, v]) => isComplex(v)
    ? h("div", {}, h("h4", {}, titleCase(k)), block(k, v, ctx)) : kv([[k, v]])));
}

function rows(key, items, ctx) {
  const cols = [];
  for (const item of items) for (const k of Object.keys(item)) if (!cols.includes(k)) cols.push(k);
  const seatRows = key === "players" || cols.includes("seat");
  const body = items.map((item, i) => {
    const seat = typeof item.seat === "number" ? item.seat : (key === "players" ? i : null);
    const tr = h("tr", { "data-row": i, "data-seat": seatRows ? seat : null },
      cols.map((c) => h("td", {}, c === "name" && seat !== null
        ? [h("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }), short(item[c])] : short(item[c]))));
    if (seatRows && seat !== null) {
      ctx.offer(tr, (a) => a.target_seat === seat || a.target === seat || a.to_seat === seat);
    }
    return tr;
  });
  return h("div", { style: "overflow-x:auto" }, h("table", { class: "data" },
    h("thead", {}, h("tr", {}, cols.map((c) => h("th", {}, titleCase(c))))), h("tbody", {}, body)));
}
