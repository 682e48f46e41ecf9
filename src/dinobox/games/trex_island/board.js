// Escape from T-Rex Island: the island map (the coloured path from the landing to the helipad,
// rest points with their face-down tokens, the T-Rex, every team as a die showing its crew),
// the two discard piles and the deck, your hand and each leader's counters. Teams, spaces, the
// token stacks, the piles, the deck, cards and tokens are clickable when a legal choice uses them.
import { h, playerName, s, SEAT_HEX, withNames } from "/static/js/ui.js";

const CSS = "/static/css/boards-trex-dinorush.css";
// the spaces' colours in Okabe-Ito (as the terminal), each also printed on its space
const SPACE = { orange: "#E69F00", purple: "#CC79A7", cyan: "#56B4E9" };
// the players' colours in the Okabe-Ito palette, as the terminal draws them
const PLAYER = { Red: "#D55E00", Yellow: "#F0E442", Green: "#009E73", Blue: "#0072B2" };
const KIND = {
  stegosaurus: { name: "Stegosaurus", type: "herbivore", hint: "photo" },
  triceratops: { name: "Triceratops", type: "herbivore", hint: "photo" },
  brachiosaurus: { name: "Brachiosaurus", type: "herbivore", hint: "photo" },
  raptor: { name: "Raptor", type: "carnivore", hint: "hits the fastest team" },
  pterosaur: { name: "Pterosaur", type: "carnivore", hint: "hits the biggest team" },
  trex: { name: "T-Rex", type: "carnivore", hint: "moves the T-Rex" },
};
const CHARACTER = {
  hunter: "one free Shotgun",
  journalist: "hand of 5 cards",
  scout: "feeds 3 survivors free",
  explorer: "evades the first Raptor and Pterosaur attack",
};
const TOKEN = {
  spinosaur: "Spinosaur", food1: "1 can", food2: "2 cans", food3: "3 cans", survivor: "Survivor",
  shotgun: "Shotgun", smg: "SMG",
};
const CELL = 46;
const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

export function ensureCss() {
  if (document.querySelector(`link[href="${CSS}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href: CSS }));
}

export function playerHex(view, seat) {
  const p = (view.players || [])[seat];
  return (p && PLAYER[p.name]) || SEAT_HEX[seat % SEAT_HEX.length];
}

// Turning a phone between portrait and landscape redraws the map the other way round.
const NARROW = window.matchMedia("(max-width: 640px)");
let latest = null;
NARROW.addEventListener("change", () => {
  if (latest && latest.root.isConnected) {
    latest.root.replaceChildren();
    render(latest.root, latest.ctx);
  }
});

export function render(root, ctx) {
  latest = { root, ctx };
  ensureCss();
  const { view } = ctx;
  const box = h("div", { class: "ti" });
  box.append(statusBar(view, ctx));
  if (ctx.legal.some((a) => a.kind === "character")) box.append(characterChoice(view, ctx));
  box.append(h("div", { class: "ti-map-wrap" }, mapSvg(view, ctx)));
  box.append(tableStrip(view, ctx));
  if (view.hand) box.append(handBox(view, ctx));
  box.append(playersBox(view, ctx));
  root.append(box);
}

// ----- status ------------------------------------------------------------------------------------
function statusBar(view, ctx) {
  const turnName = view.turn_player !== null && view.turn_player !== undefined && view.players[view.turn_player]
    ? playerName(view, ctx.table, view.turn_player) : "–";
  const bits = [`Turn ${view.turn}`, `${turnName} leads`, `action ${Math.min(view.actions_done + 1, 2)} of 2`,
    `phase: ${view.phase}`];
  const bar = h("div", { class: "ti-status", id: "ti-status" }, bits.join(" · "));
  if (view.phase === "character" && view.choosing_order && view.choosing_order.length) {
    const order = view.choosing_order.map((seat) =>
      `${playerName(view, ctx.table, seat)}${seat === view.to_act ? " (now)" : ""}`);
    bar.append(h("div", { class: "ti-choosing", id: "ti-choosing" },
      `Characters are chosen in this order: ${order.join(" → ")}`));
  }
  if (view.attack) {
    const die = view.dice[view.attack.team];
    bar.append(h("div", { class: "ti-attack", id: "ti-attack" },
      `${view.attack.kind} attack on ${die ? withNames(die.name, view, ctx.table) : "a team"}: ${view.attack.men} ${view.attack.men === 1 ? "man" : "men"} at stake`));
  }
  return bar;
}

function characterChoice(view, ctx) {
  const cards = Object.entries(CHARACTER).map(([key, text]) => {
    const taken = view.players.find((p) => p.character === key);
    const card = h("div", { class: `ti-character${taken ? " taken" : ""}`, "data-character": key },
      h("strong", {}, key === "scout" ? "Boy Scout" : key[0].toUpperCase() + key.slice(1)),
      h("span", {}, text), taken ? h("em", {}, `taken by ${playerName(view, ctx.table, taken.seat)}`) : null);
    ctx.offer(card, (a) => a.kind === "character" && a.character === key);
    return card;
  });
  return h("div", { class: "ti-characters", id: "ti-characters" }, h("h3", {}, "Choose your leader"), cards);
}

// ----- the map -----------------------------------------------------------------------------------
function layout(view) {
  // Portrait screens get the map turned a quarter (rows become columns) so it stays large.
  const narrow = NARROW.matches;
  const raw = view.board.map((sp) => (narrow ? [sp.row * CELL, sp.col * CELL] : [sp.col * CELL, sp.row * CELL]));
  const away = (id) => { // a point beside a space, on the far side from its path neighbour
    const here = raw[id];
    const other = view.board[id].next.length ? raw[view.board[id].next[0]]
      : raw[view.board.findIndex((sp) => sp.next.includes(id))];
    const dx = here[0] - other[0];
    const dy = here[1] - other[1];
    return [here[0] + dx * 1.5, here[1] + dy * 1.5];
  };
  const dock = away(view.start);
  const pad = away(view.helipad);
  const pts = raw.concat([dock, pad]);
  const minX = Math.min(...pts.map((p) => p[0])) - 58;
  const minY = Math.min(...pts.map((p) => p[1])) - 56;
  const maxX = Math.max(...pts.map((p) => p[0])) + 58;
  const maxY = Math.max(...pts.map((p) => p[1])) + 56;
  const shift = (p) => [p[0] - minX, p[1] - minY];
  return {
    narrow, pos: raw.map(shift), dock: shift(dock), pad: shift(pad), width: maxX - minX, height: maxY - minY,
  };
}

function mapSvg(view, ctx) {
  const L = layout(view);
  const svg = s("svg", { viewBox: `0 0 ${L.width} ${L.height}`, id: "island", class: "ti-map", role: "group",
    "aria-label": "the island map" });
  svg.append(s("defs", {},
    s("radialGradient", { id: "ti-sea", cx: "50%", cy: "50%", r: "75%" },
      s("stop", { offset: "0%", "stop-color": "#5fb4d6" }), s("stop", { offset: "100%", "stop-color": "#1d6f9a" })),
    s("filter", { id: "ti-shadow", x: "-30%", y: "-30%", width: "160%", height: "160%" },
      s("feDropShadow", { dx: 1, dy: 1.5, stdDeviation: 1.2, "flood-opacity": 0.45 }))));
  svg.append(s("rect", { x: 0, y: 0, width: L.width, height: L.height, fill: "url(#ti-sea)", rx: 14 }));
  // the island: overlapping blobs under every space, sand first, then jungle
  const land = s("g", { class: "ti-land" });
  const all = L.pos.concat([L.dock, L.pad]);
  for (const [x, y] of all) land.append(s("circle", { cx: x, cy: y, r: 44, fill: "#e8d39a" }));
  for (const [x, y] of all) land.append(s("circle", { cx: x, cy: y, r: 34, fill: "#6fa85a" }));
  svg.append(land);
  // the paths
  const paths = s("g", { class: "ti-paths" });
  for (const sp of view.board) {
    for (const n of sp.next) {
      const [x1, y1] = L.pos[sp.id];
      const [x2, y2] = L.pos[n];
      paths.append(s("line", { x1, y1, x2, y2, stroke: "#7a5a32", "stroke-width": 9, "stroke-linecap": "round" }));
      paths.append(s("line", { x1, y1, x2, y2, stroke: "#c9a56a", "stroke-width": 5, "stroke-linecap": "round",
        "stroke-dasharray": "2 5" }));
    }
  }
  svg.append(paths);
  // where the landing boats wait and where the helicopter lands
  const waiting = view.dice.filter((d) => d.at_start);
  const rescued = view.dice.filter((d) => d.arrived).sort((a, b) => (a.arrival || 0) - (b.arrival || 0));
  svg.append(zone(L.dock, L.pos[view.start], "start", "#a07a45", waiting.length));
  svg.append(zone(L.pad, L.pos[view.helipad], "rescued", "#5a6a78", rescued.length));
  // the spaces
  const occupied = new Map();
  for (const d of view.dice) {
    if (d.space === null || d.space === undefined || d.arrived) continue;
    if (!occupied.has(d.space)) occupied.set(d.space, []);
    occupied.get(d.space).push(d);
  }
  const attackTeam = view.attack ? view.attack.team : null;
  const toAct = view.to_act;
  for (const sp of view.board) svg.append(spaceNode(view, sp, L.pos[sp.id], ctx, occupied, toAct));
  // the T-Rex stands on its space, teams there are drawn on top of it
  if (view.trex !== null && view.trex !== undefined) {
    const trex = trexNode(L.pos[view.trex], (occupied.get(view.trex) || []).length);
    // a Shotgun fired at it, or what stops a move onto the space it covers
    ctx.offer(trex, (a) => a.kind === "shoot" || (a.kind === "move" && a.space === view.trex && !ownMove(view, a)));
    svg.append(trex);
  }
  for (const [space, dice] of occupied) {
    const [x, y] = L.pos[space];
    // on a rest point the teams stand around the "?" so the space itself stays in reach
    const ring = dice.length > 1 || view.board[space].kind === "rest";
    const spots = spread(dice.length, ring ? 18 : 0);
    dice.forEach((d, i) => svg.append(dieNode(view, d, x + spots[i][0], y + spots[i][1], ring ? 18 : 24,
      ctx, attackTeam, ring ? null : space)));
  }
  // teams still at the landing, and teams already rescued
  gridDice(waiting, L.dock).forEach(([d, x, y]) => svg.append(dieNode(view, d, x, y, 17, ctx, attackTeam)));
  gridDice(rescued, L.pad).forEach(([d, x, y]) => svg.append(dieNode(view, d, x, y, 17, ctx, attackTeam)));
  return svg;
}

const GAP = 21;

function zoneRows(count) {
  return Math.max(2, Math.ceil(count / 3));
}

function zone([x, y], [tx, ty], label, colour, count) {
  const height = 18 + zoneRows(count) * GAP;
  const g = s("g", { class: "ti-zone", "data-zone": label });
  g.append(s("line", { x1: x, y1: y, x2: tx, y2: ty, stroke: colour, "stroke-width": 4, "stroke-dasharray": "6 4" }));
  g.append(s("rect", { x: x - 36, y: y - height / 2, width: 72, height, rx: 12, fill: "rgba(255,255,255,.6)",
    stroke: colour, "stroke-width": 2 }));
  g.append(s("text", { x, y: y - height / 2 + 11, "text-anchor": "middle", "font-size": 9, "font-weight": 700,
    fill: "#333" }, label.toUpperCase()));
  return g;
}

/** Dice in rows of three inside a zone (the landing or the helipad's rescued teams). */
function gridDice(dice, [cx, cy]) {
  const top = cy - (18 + zoneRows(dice.length) * GAP) / 2 + 18 + GAP / 2;
  return dice.map((d, i) => [d, cx + ((i % 3) - 1) * GAP, top + Math.floor(i / 3) * GAP]);
}

function spread(n, r) {
  if (n < 1 || r === 0) return [[0, 0]];
  if (n === 1) return [[-r * 0.8, -r * 0.8]];
  const out = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    out.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return out;
}

function spaceNode(view, sp, [x, y], ctx, occupied, toAct) {
  const g = s("g", { class: "ti-space", "data-space": sp.id, "data-kind": sp.kind });
  const teams = occupied.get(sp.id) || [];
  if (sp.kind === "rest") {
    g.append(s("circle", { cx: x, cy: y, r: 19, fill: "#f7e27a", stroke: "#6b5410", "stroke-width": 2.5,
      filter: "url(#ti-shadow)" }));
    g.append(s("text", { x, y: y + 7, "text-anchor": "middle", "font-size": 20, "font-weight": 800, fill: "#6b5410" }, "?"));
  } else if (sp.kind === "helipad") {
    g.append(s("circle", { cx: x, cy: y, r: 21, fill: "#3d4650", stroke: "#f5f5f5", "stroke-width": 3,
      filter: "url(#ti-shadow)" }));
    g.append(s("circle", { cx: x, cy: y, r: 15, fill: "none", stroke: "#ffd23f", "stroke-width": 2 }));
    g.append(s("text", { x, y: y + 7, "text-anchor": "middle", "font-size": 19, "font-weight": 800, fill: "#ffd23f" }, "H"));
  } else {
    g.append(s("circle", { cx: x, cy: y, r: 16, fill: SPACE[sp.kind] || "#ccc", stroke: "#3b2a14", "stroke-width": 2,
      filter: "url(#ti-shadow)" }));
    g.append(s("text", { x, y: y + 1, "text-anchor": "middle", "font-size": 10, fill: "#111",
      "font-weight": 700 }, sp.id));
    // the colour in words too: a card names the colour its team may move to
    g.append(s("text", { x, y: y + 10, "text-anchor": "middle", "font-size": 6.5, fill: "#111", class: "ti-space-colour" },
      sp.kind));
    g.setAttribute("data-name", `space ${sp.id}, ${sp.kind}`);
  }
  if (sp.kind === "rest" || sp.kind === "helipad") g.setAttribute("data-name", spaceTitle(sp)); // named for screen readers
  let tokenHere = false;
  if (sp.tokens !== undefined) {
    // the face-down tokens waiting beside this rest point
    const stack = s("g", { class: "ti-tokens", "data-tokens": sp.tokens });
    for (let i = 0; i < Math.min(sp.tokens, 3); i++) {
      stack.append(s("rect", { x: x + 12 + i * 2.5, y: y - 30 - i * 2.5, width: 14, height: 14, rx: 2,
        fill: "#4b3b2a", stroke: "#f7e27a", "stroke-width": 1.2 }));
    }
    if (sp.tokens) {
      const top = Math.min(sp.tokens, 3) - 1;
      stack.append(s("text", { x: x + 19 + top * 2.5, y: y - 19 - top * 2.5, "text-anchor": "middle", "font-size": 11,
        "font-weight": 800, fill: "#ffe680" }, sp.tokens));
    }
    g.append(stack);
    tokenHere = sp.tokens > 0 && teams.some((d) => d.owner === toAct);
  }
  ctx.offer(g, (a) => ((a.kind === "move" || a.kind === "trex_way") && a.space === sp.id && !ownMove(view, a))
    || (tokenHere && a.kind === "token"));
  g.append(s("title", {}, `${spaceTitle(sp)}${teams.length ? ` · ${teams.map((d) => withNames(d.name, view, ctx.table)).join(", ")}` : ""}`));
  return g;
}

function spaceTitle(sp) {
  if (sp.kind === "rest") return `rest point ${sp.id} (${sp.tokens || 0} tokens)`;
  if (sp.kind === "helipad") return "the helipad";
  return `space ${sp.id} (${sp.kind})`;
}

function trexNode([x, y], crowded) {
  const dx = crowded ? 16 : 0;
  const dy = crowded ? -18 : 0;
  const cx = x + dx;
  const cy = y + dy;
  const g = s("g", { class: "ti-trex", id: "trex", filter: "url(#ti-shadow)" });
  g.append(s("circle", { cx, cy, r: 19, fill: "#7b1e1e", stroke: "#ffcc33", "stroke-width": 2.5 }));
  // a head in profile: skull, jaw and teeth
  g.append(s("path", { d: `M${cx - 11},${cy - 2} q2,-9 12,-9 q9,0 10,6 l0,4 l-12,0 l0,2 l10,0 q-1,6 -8,6 l-8,0 q-4,-2 -4,-9 z`,
    fill: "#c9d16a", stroke: "#2b1a0a", "stroke-width": 1.2 }));
  g.append(s("path", { d: `M${cx + 1},${cy + 1} l2,3 l2,-3 l2,3 l2,-3 l2,3 l0,-3`, fill: "#fff", stroke: "#2b1a0a",
    "stroke-width": 0.7 }));
  g.append(s("circle", { cx: cx + 3, cy: cy - 6, r: 1.6, fill: "#2b1a0a" }));
  g.append(s("title", {}, "the T-Rex"));
  return g;
}

// ``covers``: the space a lone team hides under it, whose refusals the team says as well
function dieNode(view, d, x, y, size, ctx, attackTeam, covers = null) {
  const colour = playerHex(view, d.owner);
  const g = s("g", { class: "ti-die", "data-die": d.id, "data-owner": d.owner, "data-crew": d.crew,
    filter: "url(#ti-shadow)" });
  if (d.id === attackTeam) {
    g.append(s("circle", { cx: x, cy: y, r: size * 0.95, fill: "none", stroke: "#ff2d2d", "stroke-width": 3,
      class: "ti-under-attack" }));
  }
  g.append(s("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size * 0.22, fill: colour,
    stroke: "#1e1e1e", "stroke-width": 1.4 }));
  const pip = colour === PLAYER.Yellow ? "#2a2a2a" : "#fff";
  const step = size * 0.27;
  for (const [px, py] of PIPS[d.crew] || []) {
    g.append(s("circle", { cx: x + px * step, cy: y + py * step, r: size * 0.085, fill: pip }));
  }
  // the owner's letter at the die's corner: whose team it is needs no colour
  const owner = (view.players || [])[d.owner];
  const letter = owner && owner.name ? String(owner.name).charAt(0).toUpperCase() : String(d.owner + 1);
  g.append(s("text", { x: x - size / 2 - 1, y: y - size / 2 + 2, "text-anchor": "middle", "font-size": 8, "font-weight": 800,
    fill: "#fff", stroke: "#111", "stroke-width": 2, "paint-order": "stroke", class: "ti-die-mark" }, letter));
  const name = `${withNames(d.name, view, ctx.table)}: ${d.crew} crew${d.arrival ? `, rescued #${d.arrival}` : ""}`;
  g.setAttribute("data-name", name);
  g.append(s("title", {}, name));
  // a "team" refusal names a team no action of this seat moves (another player's, or one of
  // yours still behind the arrow): it says why that team cannot move now
  ctx.offer(g, (a) => (a.kind === "move" && a.die === d.id && (!a.reason || ownMove(view, a)))
    || (a.kind === "react" && d.id === attackTeam) || (a.kind === "team" && a.die === d.id)
    || (!!a.reason && a.kind === "move" && a.space === covers && !ownMove(view, a)));
  return g;
}

// A refused move to the space its team stands on stands for what stops that team or card
// (``refusals.refusable``): the team and the card answer for it, not the space. Any other refused
// move is its space's to explain. Refused choices carry their ``reason``; legal ones do not.
function ownMove(view, a) {
  if (!a.reason || a.kind !== "move") return false;
  const die = view.dice.find((d) => d.id === a.die);
  return !!die && die.space !== null && die.space !== undefined && a.space === die.space;
}

// ----- the table: deck, discard piles, tokens --------------------------------------------------
function cardNode(card, extra = {}) {
  const k = KIND[card.kind] || { name: card.kind, type: "", hint: "" };
  return h("div", { class: `ti-card ti-${card.colour} ${k.type}`, "data-card": card.card, "data-kind": card.kind,
    "data-colour": card.colour, ...extra },
  h("span", { class: "ti-card-type" }, k.type),
  h("span", { class: "ti-card-colour" }, card.colour), // the card's colour in words, not by colour alone
  h("strong", {}, k.name),
  h("span", { class: "ti-card-hint" }, k.hint));
}

function tableStrip(view, ctx) {
  const strip = h("div", { class: "ti-table", id: "ti-table" });
  const deck = h("div", { class: "ti-deck", id: "ti-deck" }, h("strong", {}, String(view.deck_count)), h("span", {}, "cards in the deck"));
  ctx.offer(deck, (a) => a.kind === "draw" || a.kind === "pass"); // nothing to draw or play: end here
  strip.append(deck);
  view.piles.forEach((pile, i) => {
    const label = `Pile ${"AB"[i] || i + 1}`;
    const top = pile.top ? cardNode(pile.top) : h("div", { class: "ti-card ti-empty" }, h("strong", {}, "empty"));
    const second = pile.cards.length > 1 ? pile.cards[pile.cards.length - 2] : null;
    const node = h("div", { class: "ti-pile", "data-pile": i }, h("div", { class: "ti-pile-label" }, `${label} · ${pile.count}`),
      top, second ? h("div", { class: "ti-under" }, `under it: ${second.colour} ${KIND[second.kind] ? KIND[second.kind].name : second.kind}`) : null);
    ctx.offer(node, (a) => a.kind === "pile" && a.pile === i);
    strip.append(node);
  });
  if (view.playing) {
    strip.append(h("div", { class: "ti-pile ti-playing", id: "ti-playing" },
      h("div", { class: "ti-pile-label" }, "to discard"), cardNode(view.playing)));
  }
  const mix = Object.entries(view.tokens_undrawn || {}).filter(([, n]) => n)
    .map(([k, n]) => `${TOKEN[k] || k} ×${n}`).join(", ");
  const tokens = h("div", { class: "ti-supply", id: "ti-supply" },
    h("strong", {}, `${view.tokens_on_map} tokens`), h("span", {}, "face down at rest points"),
    h("span", { class: "muted" }, mix ? `still hidden: ${mix}` : "none left"));
  ctx.offer(tokens, (a) => a.kind === "token");
  strip.append(tokens);
  return strip;
}

// ----- your hand ---------------------------------------------------------------------------------
function handBox(view, ctx) {
  const me = view.players[view.seat] || {};
  const cards = [];
  for (const c of view.hand) {
    for (let i = 0; i < c.count; i++) {
      const node = cardNode(c, { "data-copy": i });
      ctx.offer(node, (a) => (a.kind === "move" && a.card === c.card && (!a.reason || ownMove(view, a)))
        || (a.kind === "picture" && a.dino === c.kind && (a.colours || []).includes(c.colour))
        || (a.kind === "shed" && a.card === c.card && !a.reason)); // Drawing card: a hand above its size gives one up
      cards.push(node);
    }
  }
  return h("div", { class: "ti-hand-box", id: "hand" },
    h("h3", {}, `Your hand (${me.hand_count ?? cards.length} of ${me.hand_limit ?? "?"})`),
    cards.length ? h("div", { class: "ti-hand" }, cards) : h("p", { class: "muted" }, "no cards"));
}

// ----- the leaders --------------------------------------------------------------------------------
function playersBox(view, ctx) {
  const attackTeam = view.attack ? view.attack.team : null;
  return h("div", { class: "ti-players", id: "players" }, view.players.map((p) => {
    const colour = playerHex(view, p.seat);
    const dice = view.dice.filter((d) => d.owner === p.seat).map((d) => {
      const where = d.lost ? "lost" : d.arrived ? `rescued #${d.arrival}` : d.at_start ? "landing" : `space ${d.space}`;
      const chip = h("span", { class: `ti-team${d.lost ? " lost" : ""}`, "data-team": d.id },
        h("span", { class: "ti-mini-die", style: `background:${colour}` }, d.lost ? "✕" : String(d.crew)), where);
      return chip;
    });
    const trophies = Object.entries(p.trophies).filter(([, n]) => n).map(([k, n]) => `${KIND[k] ? KIND[k].name : k} ×${n}`);
    const tokens = Object.entries(p.tokens || {}).map(([k, n]) => {
      const chip = h("span", { class: `ti-token ti-token-${k}`, "data-token": k }, `${TOKEN[k] || k}${n > 1 ? ` ×${n}` : ""}`);
      if (view.seat === p.seat) ctx.offer(chip, (a) => a.kind === "react" && a.reaction === k);
      return chip;
    });
    if (p.free_shotgun) {
      const chip = h("span", { class: "ti-token ti-token-shotgun", "data-token": "free_shotgun" }, "free Shotgun");
      if (view.seat === p.seat) ctx.offer(chip, (a) => a.kind === "react" && a.reaction === "free_shotgun");
      tokens.push(chip);
    }
    const box = h("div", { class: `ti-player${view.to_act === p.seat ? " to-act" : ""}`, "data-seat": p.seat,
      style: `border-left-color:${colour}` },
    h("div", { class: "ti-player-head" },
      h("span", { class: "seat-dot", style: `background:${colour}` }), h("strong", {}, playerName(view, ctx.table, p.seat)),
      p.character_name ? ` · ${p.character_name}` : "", view.seat === p.seat ? " (you)" : "",
      h("span", { class: "ti-score" }, `${p.score} VP`)),
    p.character ? h("div", { class: "muted ti-ability" }, CHARACTER[p.character] || "") : null,
    h("div", { class: "ti-teams" }, dice),
    h("div", {}, `${p.hand_count}/${p.hand_limit} cards · food ${p.food_cans} can${p.food_cans === 1 ? "" : "s"}`
      + ` (feeds ${p.can_feed}) · ${p.rescued} rescued`),
    trophies.length ? h("div", {}, `Photos: ${trophies.join(", ")}`) : null,
    tokens.length ? h("div", { class: "ti-tokens-held" }, tokens) : null,
    p.evade_raptor || p.evade_pterosaur
      ? h("div", { class: "muted" }, `evades: ${[p.evade_raptor ? "Raptor" : "", p.evade_pterosaur ? "Pterosaur" : ""].filter(Boolean).join(", ")}`)
      : null);
    if (attackTeam !== null && view.dice[attackTeam] && view.dice[attackTeam].owner === p.seat) box.classList.add("attacked");
    return box;
  }));
}
