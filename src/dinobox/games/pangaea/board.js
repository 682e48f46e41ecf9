// Pangaea: the wrapping hex world (terrain, levels, Explorers, Shelters, Dinosaurs, cracks, the
// Event locator, the impact), the Asteroid board, the countdown / score chart, every player's
// face-up STAR cards and Evolution cards. Spaces, pieces, cards, crack places and direction
// arrows are clickable when a legal choice involves them. Drawn only from ctx.view; keys this
// module does not know are ignored, and missing keys fall back to empty.
import { h, s, SEAT_HEX, seatLabel, titleCase } from "/static/js/ui.js";

const R = 28; // hex radius of the world
const DX = Math.sqrt(3) * R;
const DY = 1.5 * R;
const LEFT = 34; // room for row numbers
const TOP = 36; // room for column numbers

const TILE_FROM_SYMBOL = { ".": "sea", 1: "level1", 2: "level2", M: "mountain", V: "volcano", ":": "sand", "*": "snow", "#": "lava", o: "stone" };
const TERRAIN = {
  sea: { fill: "#5b9fd0", ink: "#fff", name: "sea" },
  level1: { fill: "#b5d98c", ink: "#213a10", name: "level 1" },
  level2: { fill: "#6ea750", ink: "#fff", name: "level 2" },
  mountain: { fill: "#8d7b69", ink: "#fff", name: "mountain" },
  volcano: { fill: "#5e1d12", ink: "#ffb199", name: "volcano" },
  sand: { fill: "#ecd28e", ink: "#5a4410", name: "sand" },
  snow: { fill: "#f3f7fb", ink: "#28506e", name: "snow/ice" },
  lava: { fill: "url(#pg-lava)", ink: "#fff", name: "lava" },
  stone: { fill: "#9a9a9a", ink: "#fff", name: "stone" },
};
const LAND_LEVEL = { level1: 1, level2: 2, mountain: 3, volcano: 3 };
const ACTIONS = {
  up: { label: "Level up", mark: "▲" },
  down: { label: "Level down", mark: "▼" },
  climate: { label: "Climate shift", mark: "≈" },
  earthquake: { label: "Earthquake", mark: "⚡" },
  dino: { label: "Dinosaur", mark: "◆" },
};
const RANGES = {
  single: { label: "1 space", cells: [[0, 0]] },
  horizontal: { label: "3 in a row", cells: [[-1, 0], [0, 0], [1, 0]] },
  "diagonal-up": { label: "3 diagonal /", cells: [[-0.5, 1], [0, 0], [0.5, -1]] },
  "diagonal-down": { label: "3 diagonal \\", cells: [[-0.5, -1], [0, 0], [0.5, 1]] },
  star: { label: "7 spaces", cells: [[0, 0], [-1, 0], [1, 0], [-0.5, -1], [0.5, -1], [-0.5, 1], [0.5, 1]] },
};
const SYMBOLS = { moon: "Moon", sun: "Sun", volcano: "Volcano", planet: "Planet", all: "Any symbol" };
const DIRECTIONS = { NE: -60, E: 0, SE: 60, SW: 120, W: 180, NW: -120 };
const DIRECTION_NAMES = { NE: "up-right", E: "right", SE: "down-right", SW: "down-left", W: "left", NW: "up-left" };
const PHASES = {
  start: "Choose a starting star for your Explorer",
  step2: "Step 2: a Wild card or an Evolution card",
  step3: "Step 3: bring your Explorer back?",
  step4: "Step 4: choose your STAR cards",
  interrupt: "Step 5: interrupt with a Wild card?",
  direction: "Step 5: the Event locator's direction",
  earthquake: "Earthquake: place the cracks",
  dinosaur: "Dinosaur: which one, and where",
  step6: "Step 6: move, build or move a Dinosaur",
  extra_move: "Extra move?",
  step7: "Step 7: buy Evolution cards",
  block: "Block a tile change?",
  shelter_move: "Move a Shelter?",
  give_back: "Give back a STAR card",
  take_tile: "The supply ran out: take a tile from the board",
  reuse_crack: "No crack sticks left: reuse one from the board",
  protection: "Use a protection card?",
  lightning_reenter: "Lightning: bring your Explorer back?",
  over: "The asteroid has hit",
};

const INLINE = "width:auto;height:1.25em;display:inline-block;vertical-align:middle";
const EVO_NAMES = { sea: "Sea explorer", mountain: "Mountain explorer", trex_guard: "T-Rex protection",
  bronto_guard: "Brontosaurus protection", build_anywhere: "Build anywhere", extra_move: "Extra move",
  shelter_move: "Shelter move", block: "Block" };
const list = (x) => (Array.isArray(x) ? x : []);
const same = (a, b) => Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];
const colour = (seat) => SEAT_HEX[((seat % SEAT_HEX.length) + SEAT_HEX.length) % SEAT_HEX.length];

// The table being drawn (its seat list names the people): set at the top of render(), which draws
// synchronously, so every helper below names seats as "Alice (Red)".
let drawing = null;

function playerName(view, seat) {
  return seatLabel(view, drawing, seat);
}

export function render(root, given) {
  // a replay or a spectator may pass no choices: nothing is then clickable
  const ctx = { ...given, legal: list(given.legal), offer: given.offer || (() => false) };
  drawing = ctx.table || null;
  const view = ctx.view || {};
  const box = h("div", { class: "pangaea" });
  box.append(factsLine(view));
  box.append(h("div", { class: "pg-world-wrap" }, worldSvg(view, ctx)));
  box.append(legend());
  box.append(chartPanel(view));
  box.append(h("div", { class: "pg-row" }, asteroidPanel(view), supplyPanel(view, ctx)));
  if (view.selection || list(view.played).length) box.append(turnCards(view));
  box.append(playersBox(view, ctx));
  if (view.end) box.append(endPanel(view));
  root.append(box);
  keepWorldInView(box, view);
}

// On a narrow screen the world scrolls sideways in its box: keep the reader's place between
// pictures, and bring the Event locator into view whenever it moves.
const memory = { locator: null, scroll: 0 };
function keepWorldInView(box, view) {
  const wrap = box.querySelector(".pg-world-wrap");
  if (!wrap || wrap.scrollWidth <= wrap.clientWidth + 2) return;
  const at = key((view.world || {}).locator);
  const bolt = wrap.querySelector("g.pg-space .pg-locator");
  if (at !== memory.locator && bolt) {
    const r = bolt.getBoundingClientRect();
    const w = wrap.getBoundingClientRect();
    wrap.scrollLeft = Math.max(0, r.left - w.left + wrap.scrollLeft - wrap.clientWidth / 2);
  } else {
    wrap.scrollLeft = memory.scroll;
  }
  memory.locator = at;
  memory.scroll = wrap.scrollLeft;
  wrap.addEventListener("scroll", () => { memory.scroll = wrap.scrollLeft; }, { passive: true });
}

// ----- facts -----------------------------------------------------------------------------------
function factsLine(view) {
  const who = view.turn_player !== undefined && view.turn_player !== null ? playerName(view, view.turn_player) : "";
  const phase = PHASES[view.phase] || titleCase(view.phase || "");
  return h("div", { class: "pg-facts", id: "pg-facts" },
    h("strong", {}, phase),
    view.over ? "" : ` · ${who}'s turn`,
    ` · turn ${view.turn ?? "?"} · round ${view.round ?? "?"}`,
    view.restriction && !view.over ? h("span", {}, " · first card must show ", symbolChip(view.restriction)) : null,
    view.interrupted ? " · direction forced by a Direction card" : "",
    view.direction ? ` · moving ${DIRECTION_NAMES[view.direction] || view.direction}` : "");
}

// ----- the world -------------------------------------------------------------------------------
function centre(r, c) {
  // column -1 and column `cols` are the wrapped ghost copies; even rows sit half a space right
  return [LEFT + (c + 1) * DX + (r % 2 === 0 ? DX / 2 : 0), TOP + R + r * DY];
}

function hexPoints(cx, cy, radius = R) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function stackOf(world, r, c) {
  const stacks = list(world.stacks);
  const cols = world.cols || 12;
  const st = stacks[r * cols + c];
  if (Array.isArray(st)) return st;
  const sym = (list(world.tiles)[r] || "")[c];
  const t = TILE_FROM_SYMBOL[sym];
  return t && t !== "sea" ? [t] : [];
}

function describeSpace(world, r, c) {
  const st = stackOf(world, r, c);
  const top = st.length ? st[st.length - 1] : "sea";
  const under = st.slice(0, -1).reverse().find((t) => LAND_LEVEL[t]);
  const t = TERRAIN[top] || { name: top };
  let text = `r${r}c${c}: ${t.name}`;
  if (!LAND_LEVEL[top] && top !== "sea") text += under ? ` on ${TERRAIN[under].name}` : " on the sea";
  return { top, text, level: LAND_LEVEL[top] ?? (under ? LAND_LEVEL[under] : 0) };
}

function worldSvg(view, ctx) {
  const world = view.world || {};
  const rows = world.rows || 10;
  const cols = world.cols || 12;
  const width = LEFT + (cols + 2) * DX + DX / 2 + 6;
  const height = TOP + 2 * R + (rows - 1) * DY + 26;
  const svg = s("svg", { viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, role: "group", id: "pg-world",
    "aria-label": "the world: a hex map whose left and right edges are joined" });
  svg.append(defs());
  // the sea behind everything, and the seams where the world wraps
  const [x0] = centre(1, 0);
  const [x1] = centre(1, cols - 1);
  svg.append(s("rect", { x: 0, y: 0, width, height, fill: "#2f6f9f", rx: 10 }));
  const spaceIndex = indexPieces(view, world);
  for (let r = 0; r < rows; r++) {
    // ghosts first: the last column again on the left, the first column again on the right
    svg.append(space(view, world, r, cols - 1, -1, spaceIndex, ctx, true));
    svg.append(space(view, world, r, 0, cols, spaceIndex, ctx, true));
    for (let c = 0; c < cols; c++) svg.append(space(view, world, r, c, c, spaceIndex, ctx, false));
  }
  for (let r = 0; r < rows; r++) {
    svg.append(s("text", { x: 4, y: centre(r, 0)[1] + 4, "font-size": 11, fill: "#fff", "font-weight": 700,
      stroke: "#2f6f9f", "stroke-width": 3, "paint-order": "stroke", "pointer-events": "none" }, `r${r}`));
  }
  for (let c = 0; c < cols; c++) {
    svg.append(s("text", { x: centre(1, c)[0], y: TOP - 12, "text-anchor": "middle", "font-size": 11, fill: "#dfeefa" }, `c${c}`));
  }
  // the seams
  const seamL = x0 - DX / 2 - 1;
  const seamR = x1 + DX + DX / 2 + 1;
  for (const x of [seamL, seamR]) {
    svg.append(s("line", { x1: x, y1: TOP - 6, x2: x, y2: height - 18, stroke: "#ffe08a", "stroke-width": 2,
      "stroke-dasharray": "6 4", "pointer-events": "none" }));
  }
  svg.append(s("text", { x: width / 2, y: height - 6, "text-anchor": "middle", "font-size": 11, fill: "#ffe08a" },
    "⇠ the left and right edges are joined: faded columns repeat the far side ⇢"));
  // cracks, then what can be cracked
  for (const crack of list(world.cracks)) {
    const line = edgeLine(crack[0], crack[1], cols);
    if (line) svg.append(s("line", { ...line, stroke: "#ff8c00", "stroke-width": 5, "stroke-linecap": "round",
      class: "pg-crack", "pointer-events": "none" }));
  }
  // any choice naming an edge between two spaces (a new crack, a crack stick to reuse)
  for (const a of ctx.legal.filter((x) => Array.isArray(x.spaces) && x.spaces.length === 2 && !x.space)) {
    const line = edgeLine(a.spaces[0], a.spaces[1], cols);
    if (!line) continue;
    const g = s("g", { "data-edge": a.edge ?? "", class: "pg-crack-choice" },
      s("line", { ...line, stroke: "#3b1d00", "stroke-width": 7, "stroke-linecap": "round" }),
      s("line", { ...line, stroke: "#ffb347", "stroke-width": 4, "stroke-dasharray": "4 3", "stroke-linecap": "round" }),
      s("line", { ...line, stroke: "transparent", "stroke-width": 12, "stroke-linecap": "round" }),
      // a vertical edge (between east-west neighbours) is a line with no width: this round target
      // gives the choice an area, so it can be found and clicked like any other
      s("circle", { cx: (Number(line.x1) + Number(line.x2)) / 2, cy: (Number(line.y1) + Number(line.y2)) / 2, r: 6,
        fill: "transparent" }));
    ctx.offer(g, (x) => x.action === a.action);
    svg.append(g);
  }
  // direction arrows around the Event locator
  const dirs = ctx.legal.filter((x) => x.kind === "direction");
  if (dirs.length && Array.isArray(world.locator)) {
    const [lx, ly] = centre(world.locator[0], world.locator[1]);
    for (const [key, angle] of Object.entries(DIRECTIONS)) {
      if (!dirs.some((x) => x.direction === key)) continue;
      const rad = (Math.PI / 180) * angle;
      const ax = lx + Math.cos(rad) * R * 1.45;
      const ay = ly + Math.sin(rad) * R * 1.45;
      const g = s("g", { "data-direction": key, class: "pg-arrow" },
        s("circle", { cx: ax, cy: ay, r: 11, fill: "#fff8dc", stroke: "#7a5200", "stroke-width": 2 }),
        s("polygon", { points: "-6,-5 7,0 -6,5", fill: "#7a5200",
          transform: `translate(${ax.toFixed(1)},${ay.toFixed(1)}) rotate(${angle})` }));
      ctx.offer(g, (x) => x.kind === "direction" && x.direction === key);
      svg.append(g);
    }
  }
  return svg;
}

function defs() {
  return s("defs", {},
    s("linearGradient", { id: "pg-lava", x1: 0, y1: 0, x2: 1, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#ffb02e" }), s("stop", { offset: "50%", "stop-color": "#e8411c" }),
      s("stop", { offset: "100%", "stop-color": "#8a1a08" })),
    s("pattern", { id: "pg-waves", width: 12, height: 8, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M0 5 q3 -3 6 0 t6 0", fill: "none", stroke: "rgba(255,255,255,.35)", "stroke-width": 1 })));
}

function edgeLine(a, b, cols) {
  if (!Array.isArray(a) || !Array.isArray(b)) return null;
  const [ax, ay] = centre(a[0], a[1]);
  let [bx, by] = centre(b[0], b[1]);
  const W = cols * DX;
  if (bx - ax > W / 2) bx -= W;
  if (ax - bx > W / 2) bx += W;
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const px = -(by - ay) / len * (R / 2);
  const py = (bx - ax) / len * (R / 2);
  return { x1: (mx - px).toFixed(1), y1: (my - py).toFixed(1), x2: (mx + px).toFixed(1), y2: (my + py).toFixed(1) };
}

function key(at) {
  return Array.isArray(at) ? `${at[0]},${at[1]}` : null;
}

function indexPieces(view, world) {
  const idx = new Map();
  const get = (at) => {
    const k = key(at);
    if (!k) return null;
    if (!idx.has(k)) idx.set(k, { explorers: [], shelters: [], dinos: [], special: [] });
    return idx.get(k);
  };
  list(world.explorers).forEach((at, seat) => { const e = get(at); if (e) e.explorers.push(seat); });
  for (const sh of list(world.shelters)) {
    const e = get(sh.at);
    if (!e) continue;
    e.shelters.push(...list(sh.seats));
    e.special.push(...list(sh.special));
  }
  for (const d of list(world.dinos)) { const e = get(d.at); if (e) e.dinos.push(d); }
  return idx;
}

function space(view, world, r, c, drawCol, index, ctx, ghost) {
  const [x, y] = centre(r, drawCol);
  const info = describeSpace(world, r, c);
  const t = TERRAIN[info.top] || { fill: "#ccc", ink: "#000" };
  const at = [r, c];
  const g = s("g", { "data-space": `${r},${c}`, "data-top": info.top, class: ghost ? "pg-ghost" : "pg-space" });
  if (ghost) { g.setAttribute("opacity", "0.45"); g.setAttribute("pointer-events", "none"); }
  g.append(s("polygon", { points: hexPoints(x, y), fill: t.fill, stroke: "#21435e", "stroke-width": 1.2 }));
  if (info.top === "sea") g.append(s("polygon", { points: hexPoints(x, y, R - 2), fill: "url(#pg-waves)", "pointer-events": "none" }));
  if (info.top === "volcano") {
    g.append(s("polygon", { points: `${x - 12},${y + 9} ${x - 3},${y - 9} ${x + 3},${y - 9} ${x + 12},${y + 9}`,
      fill: "#3b120a", stroke: "#ff7b3a", "stroke-width": 1.5, "pointer-events": "none" }));
  } else if (info.top === "mountain") {
    g.append(s("polygon", { points: `${x - 13},${y + 9} ${x},${y - 11} ${x + 13},${y + 9}`, fill: "#6b5b4b",
      stroke: "#f2f2f2", "stroke-width": 1.2, "pointer-events": "none" }));
  }
  // the land level below, in a corner: 1, 2, 3 (mountain or volcano)
  if (info.level) {
    g.append(s("text", { x: x + R * 0.62, y: y + 4, "text-anchor": "middle", "font-size": 9, fill: t.ink,
      "font-weight": 700, "pointer-events": "none" }, String(info.level)));
  }
  const view_ = view;
  if (list(view_.range).some((p) => same(p, at))) {
    g.append(s("polygon", { points: hexPoints(x, y, R - 2.5), fill: "none", stroke: "#ffd400", "stroke-width": 3.5,
      class: "pg-range", "pointer-events": "none" }));
  }
  if (list(view_.pending_changes).some((p) => same(p, at))) {
    g.append(s("polygon", { points: hexPoints(x, y, R - 6), fill: "none", stroke: "#fff", "stroke-width": 2,
      "stroke-dasharray": "3 3", "pointer-events": "none" }));
  }
  if (list(view_.blocked).some((p) => same(p, at))) {
    g.append(s("path", { d: `M${x - 9} ${y - 9} L${x + 9} ${y + 9} M${x + 9} ${y - 9} L${x - 9} ${y + 9}`,
      stroke: "#111", "stroke-width": 3, "pointer-events": "none" }));
  }
  if (list(view_.stars).some((p) => same(p, at))) g.append(star(x, y - 13, 7, "#fff", "#7a5200"));
  const pieces = index.get(`${r},${c}`);
  const labels = [info.text];
  // the pieces lie beside the space, not inside it: a piece and its space may both be choices,
  // and one control never holds another (a screen reader and a keyboard reach each on its own)
  const layer = s("g", { class: "pg-on-space" });
  if (ghost) { layer.setAttribute("opacity", "0.45"); layer.setAttribute("pointer-events", "none"); }
  if (pieces) labels.push(...drawPieces(view, layer, pieces, x, y, ctx, ghost, at));
  if (same(world.locator, at)) {
    g.append(bolt(x + 10, y, 1));
    labels.push("the Event locator");
  }
  const end = view.end || {};
  if (same(end.impact, at)) {
    g.append(s("circle", { cx: x, cy: y, r: R - 4, fill: "none", stroke: "#d0021b", "stroke-width": 3, "pointer-events": "none" }));
    g.append(s("circle", { cx: x, cy: y, r: 5, fill: "#d0021b", "pointer-events": "none" }));
    if (typeof end.impact_value === "number" && end.impact_value <= -3) {
      g.append(s("circle", { cx: x, cy: y, r: DX * 1.25, fill: "rgba(128,0,160,.12)", stroke: "#8e24aa",
        "stroke-width": 2.5, "stroke-dasharray": "6 3", "pointer-events": "none" }));
    }
    labels.push("the asteroid's impact");
  }
  if (!ghost) {
    // a Dino's own refusal (it cannot move) is said by the Dino, not by its space; so is a
    // Shelter's (a refused move onto its own space stands for what stops that Shelter)
    const here = (pieces ? pieces.dinos : []).map((d) => d.id);
    g.setAttribute("data-name", info.text); // "r1c4: level 1": what a screen reader calls the space
    const offered = ctx.offer(g, (a) => same(a.space, at) && a.kind !== "wild_shelter"
      && !(a.kind === "dino_move" && here.includes(a.dino))
      && !(a.kind === "shelter_move" && a.reason && same(a.from, a.space)));
    if (!offered) g.append(s("title", {}, labels.join("; ")));
  }
  return s("g", {}, g, layer);
}

// The owner's letter on a piece (the first of its game name, else its seat number): whose piece
// it is needs no colour.
function pieceLetter(view, seat, x, y, size) {
  const p = (view.players || [])[seat];
  const letter = p && p.name ? String(p.name).charAt(0).toUpperCase() : String(seat + 1);
  return s("text", { x, y, "text-anchor": "middle", "font-size": size, "font-weight": 700, fill: "#fff", stroke: "#111",
    "stroke-width": 1.2, "paint-order": "stroke", "pointer-events": "none", class: "pg-piece-mark" }, letter);
}

function drawPieces(view, g, pieces, x, y, ctx, ghost, at) {
  const labels = [];
  const n = pieces.shelters.length;
  pieces.shelters.forEach((seat, i) => {
    const sx = x + (i - (n - 1) / 2) * 11;
    const special = pieces.special.includes(seat);
    const sh = s("g", { "data-shelter": seat, class: "pg-shelter" },
      s("polygon", { points: `${sx - 5},${y - 7} ${sx - 5},${y - 13} ${sx},${y - 18} ${sx + 5},${y - 13} ${sx + 5},${y - 7}`,
        fill: colour(seat), stroke: special ? "#ffd400" : "#111", "stroke-width": special ? 2 : 1 }),
      pieceLetter(view, seat, sx, y - 8.5, 5.5));
    labels.push(`${playerName(view, seat)}'s Shelter${special ? " (built anywhere)" : ""}`);
    if (ghost || !answers(sh, ctx.offer(sh, (a) => (a.kind === "wild_shelter" && same(a.space, at) && seat === ctx.seat)
      || (a.kind === "shelter_move" && same(a.from, at) && seat === ctx.seat)))) sh.setAttribute("pointer-events", "none");
    g.append(sh);
  });
  pieces.dinos.forEach((d) => {
    const trex = /rex/i.test(d.name || "") || d.id < 2;
    const dg = s("g", { "data-dino": d.id, class: "pg-dino" },
      s("rect", { x: x - 18, y: y - 7, width: 16, height: 11, rx: 4, fill: trex ? "#7b1f1f" : "#1f5f3a",
        stroke: d.moved ? "#bbb" : "#fff", "stroke-width": 1.2, "stroke-dasharray": d.moved ? "2 2" : "" }),
      s("text", { x: x - 10, y: y + 2, "text-anchor": "middle", "font-size": 9, fill: "#fff", "font-weight": 700 },
        trex ? "T" : "B"));
    labels.push(`${d.name}${d.moved ? " (moved this round)" : ""}`);
    // a Wild card removes it (step 2); a move onto its own space is never legal, so it only
    // ever brings the reason this Dino cannot move now
    const mine = (a) => a.dino === d.id && (a.kind === "wild_dino" || (a.kind === "dino_move" && same(a.space, at)));
    // when its space holds a legal choice (an Explorer may walk onto it), the click is the space's
    const spaceLegal = ctx.legal.some((a) => same(a.space, at) && a.kind !== "wild_shelter");
    const offered = !ghost && ctx.offer(dg, mine);
    if (ghost || !(offered || (answers(dg, false) && !spaceLegal))) dg.setAttribute("pointer-events", "none");
    g.append(dg);
  });
  const m = pieces.explorers.length;
  pieces.explorers.forEach((seat, i) => {
    const ex = x + (i - (m - 1) / 2) * 10;
    const eg = s("g", { "data-explorer": seat, class: "pg-explorer" },
      s("circle", { cx: ex, cy: y + 14, r: 4.6, fill: colour(seat), stroke: "#fff", "stroke-width": 1.3 }),
      s("circle", { cx: ex, cy: y + 7.8, r: 2.7, fill: colour(seat), stroke: "#fff", "stroke-width": 1 }),
      pieceLetter(view, seat, ex, y + 16, 5));
    labels.push(`${playerName(view, seat)}'s Explorer`);
    if (ghost || seat !== ctx.seat || !answers(eg, ctx.offer(eg, (a) => a.kind === "build" || a.kind === "build_special"))) {
      eg.setAttribute("pointer-events", "none");
    }
    g.append(eg);
  });
  return labels;
}

// a piece answers a click when it offers a legal choice or says why its choices are refused
function answers(el, offered) {
  return offered || el.classList.contains("refused");
}

function bolt(x, y, scale) {
  const pts = [[2, -11], [-5, 1], [0, 1], [-3, 11], [6, -2], [1, -2], [4, -11]]
    .map(([a, b]) => `${(x + a * scale).toFixed(1)},${(y + b * scale).toFixed(1)}`).join(" ");
  return s("polygon", { points: pts, fill: "#fffbe0", stroke: "#222", "stroke-width": 1.3, class: "pg-locator",
    "pointer-events": "none" });
}

function star(x, y, r, fill, stroke) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const rad = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(x + rr * Math.cos(rad)).toFixed(1)},${(y + rr * Math.sin(rad)).toFixed(1)}`);
  }
  return s("polygon", { points: pts.join(" "), fill, stroke, "stroke-width": 1, class: "pg-star", "pointer-events": "none" });
}

function legend() {
  const items = ["sea", "level1", "level2", "mountain", "volcano", "sand", "snow", "lava", "stone"].map((k) =>
    h("span", { class: "pg-key" }, h("span", { class: "pg-swatch", style: `background:${k === "lava" ? "#e8411c" : TERRAIN[k].fill}` }),
      TERRAIN[k].name));
  return h("div", { class: "pg-legend muted" }, items,
    h("span", { class: "pg-key" }, "● Explorer · ⌂ Shelter · T T-Rex · B Brontosaurus · ϟ Event locator · orange: crack · yellow: range · number: land level"));
}

// ----- symbols, the Asteroid board and the chart -------------------------------------------------
function symbolGlyph(kind, x, y, size) {
  const g = s("g", { class: `pg-symbol pg-symbol-${kind}`, "pointer-events": "none" });
  const z = size;
  if (kind === "moon") {
    g.append(s("path", { d: `M${x + z * 0.3} ${y - z} A${z} ${z} 0 1 0 ${x + z * 0.3} ${y + z} A${z * 0.75} ${z * 0.75} 0 1 1 ${x + z * 0.3} ${y - z} Z`,
      fill: "#f5e9a8", stroke: "#6b5a10", "stroke-width": 1 }));
  } else if (kind === "sun") {
    for (let i = 0; i < 8; i++) {
      const a = (Math.PI / 4) * i;
      g.append(s("line", { x1: x + Math.cos(a) * z * 0.65, y1: y + Math.sin(a) * z * 0.65, x2: x + Math.cos(a) * z,
        y2: y + Math.sin(a) * z, stroke: "#e08a00", "stroke-width": 1.6 }));
    }
    g.append(s("circle", { cx: x, cy: y, r: z * 0.5, fill: "#ffc928", stroke: "#c06a00", "stroke-width": 1 }));
  } else if (kind === "volcano") {
    g.append(s("polygon", { points: `${x - z},${y + z * 0.8} ${x - z * 0.3},${y - z * 0.5} ${x + z * 0.3},${y - z * 0.5} ${x + z},${y + z * 0.8}`,
      fill: "#6b3a22", stroke: "#2b160c", "stroke-width": 1 }));
    g.append(s("ellipse", { cx: x, cy: y - z * 0.65, rx: z * 0.35, ry: z * 0.3, fill: "#ff5a1f" }));
  } else if (kind === "planet") {
    g.append(s("circle", { cx: x, cy: y, r: z * 0.55, fill: "#7fb0e8", stroke: "#234", "stroke-width": 1 }));
    g.append(s("ellipse", { cx: x, cy: y, rx: z, ry: z * 0.3, fill: "none", stroke: "#a05a00", "stroke-width": 1.4,
      transform: `rotate(-20 ${x} ${y})` }));
  } else if (kind === "all") {
    g.append(star(x, y, z, "#ffffff", "#555"));
    g.append(s("circle", { cx: x, cy: y, r: z * 0.22, fill: "#c0392b" }));
  } else {
    g.append(s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": z }, "?"));
  }
  return g;
}

function symbolChip(kind) {
  const svg = s("svg", { viewBox: "-10 -10 20 20", width: 18, height: 18, class: "pg-inline", "aria-hidden": "true",
    style: INLINE }, symbolGlyph(kind, 0, 0, 8));
  return h("span", { class: "pg-chip", "data-symbol": kind }, svg, SYMBOLS[kind] || String(kind));
}

function asteroidPanel(view) {
  const ring = list(view.ring);
  const n = Math.max(ring.length, 1);
  const size = 220;
  const cx = size / 2;
  const cy = size / 2;
  const rr = 74;
  const hr = 26;
  const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, id: "pg-asteroid", role: "group", class: "pg-small",
    "aria-label": "the asteroid board", style: "max-width:260px" });
  svg.append(s("rect", { x: 0, y: 0, width: size, height: size, rx: 12, fill: "#1d1b33" }));
  const pos = (i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)];
  };
  // the clockwise path
  for (let i = 0; i < n; i++) {
    const [ax, ay] = pos(i);
    const [bx, by] = pos((i + 1) % n);
    const mx = ax + (bx - ax) * 0.5;
    const my = ay + (by - ay) * 0.5;
    const ang = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
    svg.append(s("polygon", { points: "-5,-4 5,0 -5,4", fill: "#9fa4ff",
      transform: `translate(${mx.toFixed(1)},${my.toFixed(1)}) rotate(${ang.toFixed(0)})` }));
  }
  ring.forEach((sym, i) => {
    const [x, y] = pos(i);
    const here = i === view.ring_pos;
    const g = s("g", { "data-ring": i, class: here ? "pg-ring here" : "pg-ring" });
    g.append(s("polygon", { points: hexPoints(x, y, hr), fill: i === 0 ? "#3a3260" : "#2d2a4e",
      stroke: here ? "#ff6b3d" : "#8c88c8", "stroke-width": here ? 4 : 1.5 }));
    if (i === 0 || sym === "A") {
      g.append(bolt(x, y, 1.2));
      g.append(s("text", { x, y: y + hr - 5, "text-anchor": "middle", "font-size": 8, fill: "#ddd" }, "lightning"));
    } else if (sym) {
      g.append(symbolGlyph(sym, x, y - 2, 11));
    } else {
      g.append(s("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 14, fill: "#ccc" }, "?"));
    }
    if (here) {
      g.append(s("circle", { cx: x + hr * 0.55, cy: y - hr * 0.55, r: 8, fill: "#ff6b3d", stroke: "#fff", "stroke-width": 2,
        id: "pg-asteroid-token" }));
    }
    g.append(s("title", {}, i === 0 ? "the Lightning space" : `${SYMBOLS[sym] || "unknown"}${here ? " (the asteroid token is here)" : ""}`));
    svg.append(g);
  });
  svg.append(s("polygon", { points: hexPoints(cx, cy, hr + 4), fill: "#403a78", stroke: "#ffd400", "stroke-width": 2 }));
  if (view.centre) svg.append(symbolGlyph(view.centre, cx, cy - 4, 12));
  svg.append(s("text", { x: cx, y: cy + 22, "text-anchor": "middle", "font-size": 8, fill: "#fff" }, "centre"));
  const here = ring[view.ring_pos];
  const text = view.ring_pos === 0 ? "The token is on the Lightning space."
    : `The token is on ${SYMBOLS[here] || "?"}.`;
  return h("div", { class: "panel pg-asteroid", id: "pg-asteroid-panel" }, h("h3", {}, "Asteroid board"), svg,
    h("p", { class: "muted" }, text, " Cards with the centre symbol ", view.centre ? symbolChip(view.centre) : "?",
      " push the token on when discarded."));
}

function chartPanel(view) {
  const length = (view.options && view.options.length) || 30;
  const scores = list(view.scores).length ? list(view.scores) : list(view.players).map((p) => p.score || 0);
  const asteroid = typeof view.asteroid === "number" ? view.asteroid : length;
  const lo = Math.min(0, asteroid);
  const hi = Math.max(length, asteroid, ...scores.map((x) => x || 0)) + 1;
  const width = 720;
  const pad = 18;
  const step = (width - 2 * pad) / (hi - lo);
  const px = (v) => pad + (v - lo) * step;
  const height = 128;
  const base = 66;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, id: "pg-chart", role: "group",
    "aria-label": `countdown and score chart: asteroid at ${asteroid}` });
  svg.append(s("line", { x1: pad, y1: base, x2: width - pad, y2: base, stroke: "#7a6d58", "stroke-width": 2 }));
  for (let v = lo; v <= hi; v++) {
    const major = v % 5 === 0;
    svg.append(s("line", { x1: px(v), y1: base - (major ? 6 : 3), x2: px(v), y2: base + (major ? 6 : 3),
      stroke: v < 0 ? "#c0392b" : "#7a6d58", "stroke-width": major ? 1.5 : 1 }));
    if (major) svg.append(s("text", { x: px(v), y: base + 22, "text-anchor": "middle", "font-size": 14,
      fill: v < 0 ? "#c0392b" : "#4a4030" }, String(v)));
  }
  const byScore = new Map();
  scores.forEach((v, seat) => { const k = v || 0; if (!byScore.has(k)) byScore.set(k, []); byScore.get(k).push(seat); });
  for (const [v, seats] of byScore) {
    seats.forEach((seat, i) => {
      svg.append(s("rect", { x: px(v) - 7, y: base - 22 - i * 15, width: 14, height: 14, fill: colour(seat),
        stroke: "#222", "stroke-width": 1, "data-score-seat": seat },
      s("title", {}, `${playerName(view, seat)}: ${v} points`)));
    });
  }
  const ax = px(asteroid);
  svg.append(s("g", { id: "pg-countdown", "data-value": asteroid },
    s("path", { d: `M${ax - 30} ${base + 33} Q${ax - 14} ${base + 30} ${ax - 6} ${base + 35}`, stroke: "#ff9b3d", "stroke-width": 5,
      fill: "none", "stroke-linecap": "round" }),
    s("circle", { cx: ax, cy: base + 35, r: 8, fill: "#6b4b3a", stroke: "#ff6b3d", "stroke-width": 2.5 }),
    s("text", { x: Math.max(ax, pad + 34), y: base + 56, "text-anchor": "middle", "font-size": 13, fill: "#a33" }, `asteroid ${asteroid}`),
    s("title", {}, `the asteroid: ${asteroid}`)));
  const marks = [30, 45, 60].filter((v) => v >= lo && v <= hi);
  for (const v of marks) svg.append(s("circle", { cx: px(v), cy: base, r: 3, fill: "#2e9e4f" }));
  return h("div", { class: "panel pg-chart" }, h("h3", {}, "Countdown and scores"), h("div", { class: "pg-scroll" }, svg),
    h("p", { class: "muted" }, `The asteroid stands at ${asteroid} (a game of ${length}). `,
      list(view.players).map((p, i) => h("span", { class: "pg-score", "data-seat": p.seat ?? i },
        h("span", { class: "seat-dot", style: `background:${colour(p.seat ?? i)}` }), `${playerName(view, p.seat ?? i)} ${p.score ?? scores[i] ?? 0} `))));
}

// ----- cards -----------------------------------------------------------------------------------
function rangeGlyph(range) {
  const r = RANGES[range];
  const svg = s("svg", { viewBox: "-16 -12 32 24", width: 30, height: 22, class: "pg-inline", "aria-hidden": "true",
    style: "width:30px;height:22px;display:inline-block;vertical-align:middle" });
  if (!r) return svg;
  for (const [dx, dy] of r.cells) {
    svg.append(s("polygon", { points: hexPoints(dx * 9.5, dy * 8.2, 5), fill: dx === 0 && dy === 0 ? "#c0392b" : "#f0a500",
      stroke: "#5a4a30", "stroke-width": 0.6 }));
  }
  return svg;
}

function starCard(card, extra = {}) {
  const attrs = { class: "card pg-card", "data-card": card.kind, ...extra };
  if (card.wild) {
    return h("div", { ...attrs, class: `${attrs.class} pg-wild`, "data-wild": "" },
      h("span", { class: "count" }, "WILD"), h("span", {}, "any distance 0–10 or any action"));
  }
  if (card.reshuffle) return h("div", attrs, h("span", { class: "count" }, "⟳"), "reshuffle");
  const a = ACTIONS[card.action] || { label: titleCase(card.action || "?"), mark: "" };
  const r = RANGES[card.range] || { label: titleCase(card.range || "?") };
  return h("div", attrs,
    h("div", { class: "pg-card-top" }, h("span", { class: "count" }, card.number ?? "?"), symbolChipSmall(card.symbol)),
    h("div", { class: "pg-card-action" }, `${a.mark} ${a.label}`),
    h("div", { class: "pg-card-range" }, rangeGlyph(card.range), r.label));
}

function symbolChipSmall(kind) {
  return h("span", { class: "pg-sym", title: SYMBOLS[kind] || kind || "" },
    s("svg", { viewBox: "-10 -10 20 20", width: 18, height: 18, class: "pg-inline", "aria-hidden": "true",
      style: "width:18px;height:18px;display:inline-block;vertical-align:middle" }, symbolGlyph(kind, 0, 0, 8)));
}

function cardMatches(a, card) {
  if (a.card !== undefined && a.card === card.kind) return true;
  if (card.wild && (a.kind === "interrupt" || a.kind === "wild_dino" || a.kind === "wild_shelter")) return true;
  return false;
}

function turnCards(view) {
  const sel = view.selection;
  const items = [];
  if (sel) {  // the chosen cards lie face up on the player board: everyone sees them
    const parts = [];
    if (sel.distance !== undefined) parts.push(`distance ${sel.distance}`);
    if (sel.action) parts.push(`action ${(ACTIONS[sel.action] || {}).label || sel.action}`);
    if (sel.range) parts.push(`range ${(RANGES[sel.range] || {}).label || sel.range}`);
    items.push(h("p", {}, `${playerName(view, view.turn_player)} has chosen: ${parts.join(", ") || "nothing yet"}`));
  }
  const played = list(view.played);
  if (played.length) items.push(h("div", { class: "hand" }, played.map((c) => starCard(c))));
  return h("div", { class: "panel", id: "pg-turn-cards" }, h("h3", {}, "This turn's cards"), items);
}

function playersBox(view, ctx) {
  const players = list(view.players);
  return h("div", { class: "pg-players", id: "players" }, players.map((p, i) => {
    const seat = p.seat ?? i;
    const mine = seat === ctx.seat;
    const active = view.to_act === seat || view.turn_player === seat;
    const where = Array.isArray(p.explorer) ? `r${p.explorer[0]}c${p.explorer[1]}` : "off the board";
    const hand = list(p.hand).map((card) => {
      const el = starCard(card);
      // another player's cards say whose they are (``refused_pieces``)
      ctx.offer(el, mine ? (a) => cardMatches(a, card) : (a) => a.kind === "hand_of" && a.seat === seat);
      return el;
    });
    const evo = list(p.evolution).map((e) => {
      const el = h("div", { class: `pg-evo${e.active ? " active" : " inactive"}`, "data-evolution": e.type },
        h("strong", {}, `L${e.level ?? "?"}`), ` ${e.name || titleCase(e.type || "")}`,
        h("span", { class: "pg-evo-state" }, e.active ? "active" : "inactive"));
      if (mine) {
        ctx.offer(el, (a) => (a.kind === "activate" && a.evolution === e.type)
          || (a.kind === "use_protection" && e.active && /guard/.test(e.type || "")));
      } else {
        ctx.offer(el, (a) => a.kind === "evolution_of" && a.seat === seat);
      }
      return el;
    });
    const allies = list(p.allies).map((q) => playerName(view, q));
    return h("div", { class: `player pg-player${active ? " to-act" : ""}`, "data-seat": seat, id: mine ? "pg-my-hand" : null },
      h("div", { class: "name" }, h("span", { class: "seat-dot", style: `background:${colour(seat)}` }), playerName(view, seat),
        mine ? " (you)" : "", view.turn_player === seat && !view.over ? " · on turn" : ""),
      h("div", {}, `${p.score ?? 0} points · Explorer ${where} · ${p.shelters ?? 0} Shelters on the board, ${p.shelters_left ?? "?"} left`),
      allies.length ? h("div", { class: "muted" }, `allies: ${allies.join(", ")}`) : null,
      h("div", { class: "hand" }, hand.length ? hand : h("span", { class: "muted" }, "no STAR cards")),
      h("div", { class: "pg-evos" }, evo.length ? evo : h("span", { class: "muted" }, "no Evolution cards")));
  }));
}

function supplyPanel(view, ctx) {
  const supply = view.evolution_supply || {};
  const levels = { sea: 1, mountain: 1, trex_guard: 2, bronto_guard: 2, build_anywhere: 3, extra_move: 3, shelter_move: 4, block: 4 };
  const chips = Object.entries(supply).map(([type, count]) => {
    const el = h("div", { class: "pg-evo supply", "data-supply": type },
      h("strong", {}, `L${levels[type] ?? "?"}`), ` ${EVO_NAMES[type] || titleCase(type)}`, h("span", { class: "pg-evo-state" }, `${count} left`));
    ctx.offer(el, (a) => a.kind === "buy" && a.evolution === type);
    return el;
  });
  const world = view.world || {};
  const tiles = Object.entries(world.supply || {}).map(([k, v]) => `${(TERRAIN[k] || { name: k }).name} ${v}`).join(", ");
  const dinosOff = list(world.dinos).filter((d) => !Array.isArray(d.at)).map((d) => d.name);
  return h("div", { class: "panel", id: "pg-supply" }, h("h3", {}, "Beside the board"),
    h("div", { class: "pg-evos" }, chips),
    h("p", { class: "muted" }, `STAR deck ${view.deck_count ?? "?"} · Direction deck ${view.direction_deck ?? "?"}`
      + ` · crack sticks ${world.sticks ?? "?"} · Dinosaurs in stock: ${dinosOff.join(", ") || "none"}`),
    tiles ? h("p", { class: "muted" }, `Tiles: ${tiles}`) : null);
}

function endPanel(view) {
  const end = view.end || {};
  const impact = Array.isArray(end.impact) ? `r${end.impact[0]}c${end.impact[1]}` : "not yet known";
  const lines = [h("p", {}, h("strong", {}, `Impact value ${end.impact_value}`), ` · impact point ${impact}`)];
  if (view.over) {
    lines.push(h("p", {}, end.survived ? "Mankind survives: a Shelter is still standing."
      : "No Shelter survived: everyone has lost."));
    if (list(end.bonus).some((b) => b)) {
      lines.push(h("p", { class: "muted" }, `End bonus: ${list(end.bonus).map((b, i) => `${playerName(view, i)} +${b}`).join(", ")}`));
    }
  }
  return h("div", { class: "panel", id: "pg-end" }, h("h3", {}, "The asteroid"), lines);
}
