// The Great Dinosaur Rush: the hex dig-site board (dig sites with their bones, tar pits, start
// spaces, sabotage tokens, the paleontologists), the museum's category rows, the bag, each
// player's bone pile, bonus cards and skeleton (as far as the view shows it), and the skeleton
// you are building. Spaces, bones, the museum rows, the bag, the bonus deck, your paleontologist
// and the skeleton's parts are clickable when a legal choice uses them.
import { h, playerName, s, SEAT_HEX } from "/static/js/ui.js";

const CSS = "/static/css/boards-trex-dinorush.css";
const BONE = { green: "#4caf50", red: "#d9534f", yellow: "#f2c418", blue: "#3b7dd8", white: "#f5f5f5" };
const BONE_INK = { green: "#111", red: "#111", yellow: "#3a2d00", blue: "#111", white: "#333" };
// the players' colours in the Okabe-Ito palette, as the terminal draws them
const SEAT = { Orange: "#E69F00", Purple: "#AF87FF", Teal: "#0072B2", Pink: "#CC79A7", Black: "#333333" };
const CATEGORY = { size: "Size", height: "Height", length: "Length", ferocity: "Ferocity", uniqueness: "Unique" };
const PARTS = ["spine", "ribs", "neck", "head", "tail", "limb1", "limb2"];
const PART_NAME = { spine: "spine", ribs: "ribs", neck: "neck", head: "head", tail: "tail", limb1: "first limb",
  limb2: "second limb", unique: "unique" };
const PART_COLOUR = { spine: "green", ribs: "green", neck: "yellow", head: "green", tail: "yellow", limb1: "red",
  limb2: "red" };
const LETTER = { S: "spine", R: "ribs", N: "neck", H: "head", T: "tail", L: "limb1", M: "limb2", U: "unique" };
const R = 24; // hex radius
const W = Math.sqrt(3) * R;

function ensureCss() {
  if (document.querySelector(`link[href="${CSS}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href: CSS }));
}

function seatHex(view, seat) {
  const p = (view.players || [])[seat];
  return (p && SEAT[p.name]) || SEAT_HEX[seat % SEAT_HEX.length];
}

export function render(root, ctx) {
  ensureCss();
  const { view } = ctx;
  const box = h("div", { class: "dr" });
  box.append(statusBar(view, ctx));
  const picks = ctx.legal.filter((a) => a.kind === "pick_paleontologist");
  if (picks.length) box.append(pickPanel(picks, ctx));
  box.append(boardSvg(view, ctx));
  box.append(h("div", { class: "dr-row" }, museumSvg(view, ctx), supply(view, ctx)));
  if (view.build || ctx.legal.some((a) => a.kind === "build_fresh" || a.kind === "build_keep")) {
    box.append(buildPanel(view, ctx));
  }
  box.append(playersBox(view, ctx));
  root.append(box);
}

// ----- status -------------------------------------------------------------------------------------
function statusBar(view, ctx) {
  const who = view.turn_player !== null && view.turn_player !== undefined
    ? playerName(view, ctx.table, view.turn_player) : null;
  const bits = [`Round ${view.round} of ${view.rounds}`];
  if (view.phase === "field") bits.push(`field turn ${view.field_turn} of ${view.field_turns}`);
  bits.push(`${view.phase} phase`);
  if (who && view.phase === "field") bits.push(`${who}'s turn (${view.step.replace(/_/g, " ")})`);
  return h("div", { class: "dr-status", id: "dr-status" }, bits.join(" · "));
}

function pickPanel(picks, ctx) {
  return h("div", { class: "dr-actions-strip", id: "dr-picks" }, picks.map((a) => {
    const tile = h("div", { class: "dr-tool", "data-pick": a.card }, a.text.replace(/^[^:]{1,40}: /, ""));
    ctx.offer(tile, (b) => b.action === a.action);
    return tile;
  }));
}

// ----- the dig-site board ---------------------------------------------------------------------------
function boardSvg(view, ctx) {
  const cells = view.board.cells;
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const width = ((Math.max(...xs) - minX) / 2) * W + W + 12;
  const height = (Math.max(...ys) - minY) * 1.5 * R + 2 * R + 12;
  const at = (c) => [6 + W / 2 + ((c.x - minX) / 2) * W, 6 + R + (c.y - minY) * 1.5 * R];
  const svg = s("svg", { viewBox: `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`, id: "dig-board", class: "dr-map",
    role: "group", "aria-label": "the dig sites" });
  svg.append(s("defs", {},
    s("radialGradient", { id: "dr-tar", cx: "40%", cy: "35%", r: "70%" },
      s("stop", { offset: "0%", "stop-color": "#4a4a4a" }), s("stop", { offset: "100%", "stop-color": "#0d0d0d" })),
    s("linearGradient", { id: "dr-dirt", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#e6c48f" }), s("stop", { offset: "100%", "stop-color": "#c89a5b" }))));
  svg.append(s("rect", { x: 0, y: 0, width, height, rx: 12, fill: "#8fae6b" }));
  const mine = view.seat !== null && view.seat !== undefined ? view.players[view.seat] : null;
  for (const c of cells) {
    const [x, y] = at(c);
    svg.append(cellNode(view, c, x, y, ctx, mine));
  }
  return svg;
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function cellNode(view, c, x, y, ctx, mine) {
  const unused = c.kind === "start_4p" && view.players_count < 4;
  const g = s("g", { class: `dr-cell dr-${c.kind}${unused ? " dr-unused" : ""}`, "data-cell": c.cell, "data-label": c.label, "data-kind": c.kind });
  const site = c.kind === "site" || c.kind === "outer_site";
  const live = site && c.in_play;
  let fill = "url(#dr-dirt)";
  let stroke = "#7a5a30";
  if (c.kind === "tar") { fill = "url(#dr-tar)"; stroke = "#000"; }
  else if (c.kind === "start" || c.kind === "start_4p") { fill = "#f4efe1"; stroke = "#8a7a5a"; }
  else if (site && !live) { fill = "#b9c7a3"; stroke = "#7d8f66"; }
  g.append(s("polygon", { points: hexPoints(x, y, R - 1), fill, stroke, "stroke-width": 1.6 }));
  if (c.kind === "tar") {
    g.append(s("ellipse", { cx: x - 6, cy: y - 7, rx: 6, ry: 3, fill: "rgba(255,255,255,.18)" }));
    g.append(s("text", { x, y: y + 14, "text-anchor": "middle", "font-size": 7, fill: "#aaa" }, "TAR"));
  } else if (c.kind === "start" || c.kind === "start_4p") {
    g.append(s("text", { x, y: y + 1, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#8a7a5a" },
      c.kind === "start" ? "START" : "4-5P"));
  }
  if (c.kind !== "tar") {
    g.append(s("text", { x, y: y - R + 11, "text-anchor": "middle", "font-size": 6.5, fill: "rgba(60,40,10,.7)" }, c.label));
  }
  // the pieces on the site are buttons of their own: beside the site's button, not inside it
  const pieces = s("g", { class: "dr-pieces", "data-on": c.cell });
  if (site && c.bones) bonesOnSite(pieces, c, x, y, ctx);
  if (c.token) {
    const known = c.token_value !== undefined;
    g.append(s("rect", { x: x - 17, y: y + 6, width: 11, height: 11, rx: 2, fill: "#5b2b82", stroke: "#fff", "stroke-width": 1,
      class: "dr-sabotage" }));
    g.append(s("text", { x: x - 11.5, y: y + 14.5, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#fff" },
      known ? c.token_value : "!"));
  }
  if (c.paleontologist !== null && c.paleontologist !== undefined) {
    const crowded = site && c.bones && c.bones.some((n) => n > 0); // bones not collected yet: stand below them
    pieces.append(meeple(view, c.paleontologist, x, y + (crowded ? 13 : site ? 4 : 11), ctx, mine));
  }
  const bones = c.bones ? c.bones.reduce((a, b) => a + b, 0) : 0;
  g.append(s("title", {}, `${c.label}: ${c.kind.replace("_", " ")}${site ? `, ${bones} bones` : ""}`
    + `${c.token ? ", a sabotage token" : ""}`));
  ctx.offer(g, (a) => a.cell === c.cell && ["place", "move", "sabotage", "steal"].includes(a.kind));
  // a click on a piece that offers nothing goes through to the site under it, as it did inside it
  pieces.setAttribute("pointer-events", "none");
  for (const piece of pieces.children) {
    if (piece.matches(".clickable, .refused")) piece.setAttribute("pointer-events", "visiblePainted");
  }
  return s("g", {}, g, pieces);
}

function bonesOnSite(g, c, x, y, ctx) {
  const present = view_colours.filter((_, i) => c.bones[i] > 0).map((colour) => [colour, c.bones[view_colours.indexOf(colour)]]);
  const n = present.length;
  present.forEach(([colour, count], i) => {
    const bx = x + (i - (n - 1) / 2) * 9.5;
    const by = y - 9;
    const bone = s("g", { class: "dr-bone-chip", "data-colour": colour, "data-count": count });
    bone.append(boneShape(bx, by, 10, colour, true));
    bone.append(s("text", { x: bx, y: by + 12, "text-anchor": "middle", "font-size": 7.5, "font-weight": 700,
      fill: "#3a2a10" }, count));
    ctx.offer(bone, (a) => a.kind === "steal" && a.cell === c.cell && a.colour === colour);
    g.append(bone);
  });
}
const view_colours = ["green", "red", "yellow", "blue", "white"];

/** A bone standing up: a shaft with a knob at each end. */
function boneShape(x, y, len, colour, vertical, wild) {
  const fill = BONE[colour] || "#ccc";
  const ink = wild ? BONE_INK.white : "#3a2a10";
  const k = len * 0.2;
  const half = len / 2 - k;
  const g = s("g", {});
  const ends = vertical ? [[x - k * 0.7, y - half], [x + k * 0.7, y - half], [x - k * 0.7, y + half], [x + k * 0.7, y + half]]
    : [[x - half, y - k * 0.7], [x - half, y + k * 0.7], [x + half, y - k * 0.7], [x + half, y + k * 0.7]];
  g.append(s("rect", vertical ? { x: x - k * 0.8, y: y - half, width: k * 1.6, height: half * 2, fill }
    : { x: x - half, y: y - k * 0.8, width: half * 2, height: k * 1.6, fill }));
  for (const [ex, ey] of ends) g.append(s("circle", { cx: ex, cy: ey, r: k, fill, stroke: ink, "stroke-width": 0.5 }));
  g.append(s("rect", vertical ? { x: x - k * 0.8, y: y - half, width: k * 1.6, height: half * 2, fill }
    : { x: x - half, y: y - k * 0.8, width: half * 2, height: k * 1.6, fill }));
  if (wild) { // a wild bone: white, outlined so it shows on the pale background
    g.prepend(s("rect", vertical ? { x: x - k * 1.7, y: y - half - k * 1.6, width: k * 3.4, height: half * 2 + k * 3.2, rx: k * 1.6 }
      : { x: x - half - k * 1.6, y: y - k * 1.7, width: half * 2 + k * 3.2, height: k * 3.4, rx: k * 1.6 }));
    g.firstChild.setAttribute("fill", "none");
    g.firstChild.setAttribute("stroke", "#8a7a5a");
    g.firstChild.setAttribute("stroke-dasharray", "2 1.5");
  }
  return g;
}

/** The player's letter on the pawn (two letters where two colours start alike: Purple, Pink). */
function seatLetter(view, seat) {
  const names = (view.players || []).map((p, i) => String((p && p.name) || `P${i + 1}`));
  const own = names[seat] || `P${seat + 1}`;
  const shared = names.filter((n) => n.charAt(0) === own.charAt(0)).length > 1;
  return shared ? own.slice(0, 2) : own.charAt(0);
}

function meeple(view, seat, x, y, ctx, mine) {
  const colour = seatHex(view, seat);
  const g = s("g", { class: "dr-meeple", "data-seat": seat });
  // a pawn: a body and a head, a little smaller than the hex so the bones stay readable
  g.append(s("path", { d: `M${x - 6},${y + 7.5} L${x - 3.4},${y - 1} A4.3,4.3 0 1 1 ${x + 3.4},${y - 1} L${x + 6},${y + 7.5} Z`,
    fill: colour, stroke: "#111", "stroke-width": 1.1 }));
  g.append(s("circle", { cx: x, cy: y - 4.5, r: 3.1, fill: colour, stroke: "#111", "stroke-width": 0.9 }));
  g.append(s("text", { x, y: y + 6, "text-anchor": "middle", "font-size": 7, "font-weight": 700, fill: "#fff",
    stroke: "#111", "stroke-width": 1.8, "paint-order": "stroke", class: "dr-meeple-mark" }, seatLetter(view, seat)));
  const name = `${playerName(view, ctx.table, seat)}'s paleontologist`;
  g.setAttribute("data-name", name);
  g.append(s("title", {}, name));
  if (mine && mine.seat === seat) {
    ctx.offer(g, (a) => a.kind === "dynamite" || a.kind === "stay" || a.kind === "survey");
  }
  return g;
}

// ----- the museum ---------------------------------------------------------------------------------
function museumSvg(view, ctx) {
  const cats = view.museum;
  const rows = view.class_points.length;
  const cw = 66;
  const rh = 26;
  const left = 46;
  const top = 26;
  const width = left + cats.length * cw + 6;
  const height = top + rows * rh + 8;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "dr-museum", id: "museum", role: "group",
    "aria-label": "the museum" });
  svg.append(s("rect", { x: 0, y: 0, width, height, rx: 10, fill: "#efe4cc", stroke: "#8a6d3b" }));
  svg.append(s("text", { x: 6, y: 16, "font-size": 10, "font-weight": 700, fill: "#5b4526" }, "MUSEUM"));
  for (let r = 0; r < rows; r++) {
    const y = top + r * rh;
    svg.append(s("rect", { x: 4, y: y + 1, width: width - 8, height: rh - 2, rx: 4, fill: r % 2 ? "#f7efdc" : "#e9dbbd" }));
    svg.append(s("text", { x: 10, y: y + 12, "font-size": 11, "font-weight": 700, fill: "#5b4526" }, "ABCDEF"[r] || r));
    svg.append(s("text", { x: 10, y: y + 22, "font-size": 7, fill: "#7a6d58" }, view.class_points[r].join("/")));
  }
  cats.forEach((cat, i) => {
    const x = left + i * cw + cw / 2;
    svg.append(s("text", { x, y: top - 6, "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: "#3b2f20" },
      CATEGORY[cat.category] || cat.category));
    for (let r = 0; r < rows; r++) {
      const y = top + r * rh;
      const slot = s("g", { class: "dr-museum-slot", "data-category": cat.category, "data-row": r });
      slot.append(s("rect", { x: x - cw / 2 + 3, y: y + 2, width: cw - 6, height: rh - 4, rx: 4, fill: "transparent",
        stroke: "rgba(90,70,40,.25)" }));
      if (cat.row === r) {
        slot.append(s("rect", { x: x - 9, y: y + 4, width: 18, height: rh - 8, rx: 3, fill: "#222", class: "dr-cube" }));
        slot.append(s("text", { x, y: y + rh / 2 + 3, "text-anchor": "middle", "font-size": 8, fill: "#fff",
          "font-weight": 700 }, view.class_points[r][0]));
      }
      ctx.offer(slot, (a) => a.kind === "publicize" && a.category === i && cat.row + a.step === r);
      svg.append(slot);
    }
  });
  return svg;
}

function supply(view, ctx) {
  const bag = h("div", { class: "dr-tool", id: "dr-bag" }, `Bag: ${view.bag.bones} bones · ${view.bag.notoriety} Notoriety tokens`);
  const deck = h("div", { class: "dr-tool", id: "dr-bonus-deck" }, `Bonus cards: ${view.bag.bonus_cards} left`);
  ctx.offer(deck, (a) => a.kind === "research");
  ctx.offer(bag, (a) => a.kind === "donate");
  const tools = [bag, deck];
  if (ctx.legal.some((a) => a.kind === "dynamite")) {
    const dyn = h("div", { class: "dr-tool", id: "dr-dynamite" }, "Dynamite your dig site");
    ctx.offer(dyn, (a) => a.kind === "dynamite");
    tools.push(dyn);
  }
  const scored = (view.rounds_scored || []).map((r) => h("div", { class: "dr-cats", "data-round": r.round },
    `Round ${r.round} exhibit: ${view.players.map((p, seat) => {
      const pts = r.categories.reduce((t, c) => t + (c.points[seat] || 0), 0);
      const cards = (r.bonus || []).filter((b) => b.seat === seat).length;
      return `${playerName(view, ctx.table, seat)} ${pts}${cards ? ` + ${cards} bonus card${cards > 1 ? "s" : ""}` : ""}`;
    }).join(", ")}`));
  return h("div", { class: "dr-supply", id: "dr-supply" }, h("div", { class: "dr-actions-strip" }, tools), scored);
}

// ----- skeletons ----------------------------------------------------------------------------------
/** The same drawing the engine makes (skeleton.layout), from a parts dict: rows of letters. */
export function layoutParts(parts) {
  const nat = (k) => parts[k] || 0;
  const wild = (k) => parts[`wild_${k}`] || 0;
  const total = (k) => nat(k) + wild(k);
  const grid = new Map();
  const put = (key, letter, cells) => {
    const pattern = [false];
    for (let i = 0; i < wild(key); i++) pattern.push(true, false);
    for (let i = 0; i < nat(key) - 1 - wild(key); i++) pattern.push(false);
    cells.forEach(([x, y], i) => {
      if (i < pattern.length) grid.set(`${x},${y}`, pattern[i] ? letter.toLowerCase() : letter);
    });
  };
  const range = (n, f) => Array.from({ length: n }, (_, i) => f(i));
  const sp = total("spine");
  const k = total("neck");
  const t = total("tail");
  put("spine", "S", range(sp, (i) => [i, 0]));
  put("tail", "T", range(t, (i) => [-1 - i, 0]));
  for (let i = 0; i < (parts.unique || 0); i++) grid.set(`${-t - 1 - i},0`, "U");
  put("ribs", "R", range(total("ribs"), (i) => [0, 1 + i]));
  put("neck", "N", range(k, (i) => [sp, -i]));
  put("head", "H", range(total("head"), (i) => [sp, -k - i]));
  put("limb1", "L", range(total("limb1"), (i) => [-1, -1 - i]));
  put("limb2", "M", range(total("limb2"), (i) => [sp + 1 + i, 0]));
  if (!grid.size) return [];
  const keys = [...grid.keys()].map((key) => key.split(",").map(Number));
  const xs = keys.map((p) => p[0]);
  const ys = keys.map((p) => p[1]);
  const out = [];
  for (let y = Math.min(...ys); y <= Math.max(...ys); y++) {
    let row = "";
    for (let x = Math.min(...xs); x <= Math.max(...xs); x++) row += grid.get(`${x},${y}`) || ".";
    out.push(row.replace(/\.+$/, ""));
  }
  return out;
}

function skeletonSvg(rows, id, scale = 1.25, ctx = null) {
  const C = 16;
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const width = cols * C + 8;
  const height = Math.max(1, rows.length) * C + 8;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, width: width * scale, height: height * scale,
    class: "dr-skeleton", role: "group",
    "aria-label": "a dinosaur skeleton", ...(id ? { id } : {}) });
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (ch === "." || ch === " ") return;
      const part = LETTER[ch.toUpperCase()];
      if (!part) return;
      const wild = ch !== ch.toUpperCase();
      const colour = part === "unique" ? "blue" : wild ? "white" : PART_COLOUR[part];
      const cx = 4 + x * C + C / 2;
      const cy = 4 + y * C + C / 2;
      const vertical = ["ribs", "neck", "limb1"].includes(part);
      const cell = s("g", { class: "dr-skel-bone", "data-part": part, "data-wild": wild ? 1 : 0 });
      if (part === "head") {
        cell.append(s("ellipse", { cx, cy, rx: C * 0.42, ry: C * 0.34, fill: BONE[colour], stroke: "#3a2a10", "stroke-width": 1 }));
        cell.append(s("circle", { cx: cx + 2, cy: cy - 1.5, r: 1.5, fill: "#3a2a10" }));
      } else {
        cell.append(boneShape(cx, cy, C - 1, colour, vertical, wild));
      }
      cell.append(s("title", {}, `${PART_NAME[part]}${wild ? " (wild bone)" : ""}`));
      // while building, touching a part of the skeleton adds a bone to it
      if (ctx) ctx.offer(cell, (a) => a.kind === "place_bone" && (a.part === part || a.part === `wild_${part}`));
      svg.append(cell);
    });
  });
  return svg;
}

function buildPanel(view, ctx) {
  const panel = h("div", { class: "dr-build", id: "dr-build" }, h("h3", {}, "Your dinosaur (behind your screen)"));
  const starts = ctx.legal.filter((a) => a.kind === "build_fresh" || a.kind === "build_keep");
  if (starts.length) {
    panel.append(h("div", { class: "dr-actions-strip" }, starts.map((a) => {
      const tile = h("div", { class: "dr-tool", "data-build": a.kind },
        a.kind === "build_fresh" ? "Start a new dinosaur" : "Keep last round's dinosaur");
      ctx.offer(tile, (b) => b.action === a.action);
      return tile;
    })));
  }
  if (view.build) {
    const parts = view.build.parts;
    const rows = layoutParts(parts);
    panel.append(rows.length ? skeletonSvg(rows, "build-skeleton", 2, ctx) : h("p", { class: "muted" }, "No bones placed yet."));
    const chips = [];
    for (const key of PARTS.concat(["unique"])) {
      const natural = parts[key] || 0;
      const wild = parts[`wild_${key}`] || 0;
      const swatch = BONE[key === "unique" ? "blue" : PART_COLOUR[key]];
      const chip = h("div", { class: "dr-part", "data-part": key },
        h("span", { class: "dr-swatch", style: `background:${swatch}` }),
        `${PART_NAME[key]}: ${natural}${wild ? ` + ${wild} wild` : ""}`);
      ctx.offer(chip, (a) => a.kind === "place_bone" && (a.part === key || a.part === `wild_${key}`));
      chips.push(chip);
    }
    panel.append(h("div", { class: "dr-parts" }, chips));
    panel.append(h("div", { class: "dr-bones" }, h("span", { class: "muted" }, "bones left to place: "),
      boneChips(view.build.remaining, view.colours)));
  }
  return panel;
}

function boneChips(counts, colours, offerFor) {
  const out = [];
  (counts || []).forEach((n, i) => {
    if (!n) return;
    const colour = (colours || view_colours)[i];
    const chip = h("span", { class: "dr-bone", "data-bone": colour,
      style: `background:${BONE[colour]};color:${BONE_INK[colour]}` }, `${n} ${colour}`);
    if (offerFor) offerFor(chip, colour);
    out.push(chip);
  });
  return out.length ? out : [h("span", { class: "muted" }, "none")];
}

// ----- the players ----------------------------------------------------------------------------------
/** The panel's points: during play the points scored so far (Notoriety is still hidden); once the
 * game is over the final total, the same number as the score table, with how it was reached. */
function scoreBadge(view, p) {
  const final = Array.isArray(view.scores) ? view.scores[p.seat] : undefined;
  if (final === undefined) {
    return h("span", { class: "dr-score", title: "points scored so far; Notoriety is added at the end" },
      `${p.score} pts so far`);
  }
  const adjust = view.final && Array.isArray(view.final.adjust) ? view.final.adjust[p.seat] : null;
  let how = "";
  if (typeof adjust === "number" && adjust !== 0 && p.score + adjust === final) {
    how = ` (${p.score} ${adjust < 0 ? "−" : "+"} ${Math.abs(adjust)} Notoriety)`;
  } else if (final !== p.score) {
    how = ` (${p.score} in play)`;
  }
  return h("span", { class: "dr-score", title: "final score, as in the score table" }, `${final} pts`,
    how ? h("span", { class: "dr-score-how" }, how) : null);
}
function playersBox(view, ctx) {
  return h("div", { class: "dr-players", id: "players" }, view.players.map((p) => {
    const colour = seatHex(view, p.seat);
    const me = view.seat === p.seat;
    const offerBone = me ? (chip, colour2) => ctx.offer(chip, (a) => a.kind === "donate" && a.bones.includes(colour2)) : null;
    const bonus = (p.bonus || []).map((b) => h("span", { class: "dr-bonus-card", "data-bonus": b.card,
      title: b.spec }, `${b.name} (${b.points}): ${b.spec.replace(/=/g, " ")}`));
    const scored = (p.scored_bonus || []).map((b) => h("span", { class: "dr-bonus-card scored" }, `${b.name} ✓ ${b.points}`));
    const cats = p.categories ? Object.keys(CATEGORY).map((k, i) => `${CATEGORY[k]} ${p.categories[i]}`).join(" · ") : null;
    return h("div", { class: `dr-player${view.to_act === p.seat ? " to-act" : ""}`, "data-seat": p.seat,
      style: `border-left-color:${colour}` },
    h("div", { class: "dr-player-head" }, h("span", { class: "seat-dot", style: `background:${colour}` }),
      h("strong", {}, playerName(view, ctx.table, p.seat)), me ? " (you)" : "", p.built ? " · built" : "",
      scoreBadge(view, p)),
    p.paleontologist ? h("div", { class: "muted" }, `${p.paleontologist.name}: ${p.paleontologist.text}`) : null,
    h("div", { class: "dr-bones" }, h("span", { class: "muted" }, "pile: "), boneChips(p.pile, view.colours, offerBone)),
    h("div", {}, `Notoriety tokens: ${p.tokens}${p.token_values ? ` (${p.token_values.join(", ") || "none"})` : ""}`
      + ` · bonus cards: ${p.bonus_count}`),
    bonus.length ? h("div", { class: "dr-bonus" }, bonus) : null,
    scored.length ? h("div", { class: "dr-bonus" }, scored) : null,
    p.skeleton_drawing && p.skeleton_drawing.length ? skeletonSvg(p.skeleton_drawing) : null,
    cats ? h("div", { class: "dr-cats" }, cats) : null);
  }));
}
