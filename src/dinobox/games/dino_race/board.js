// Dino Race: the volcano and the 12-tile track with lava and dinos, the players, your hand,
// the prize counters and the die. Dinos, cards, players and prizes are clickable when a legal
// choice involves them.
import { h, playerName, s, SEAT_HEX } from "/static/js/ui.js";

const TERRAIN = {
  plains: { fill: "#e9dc7c", ink: "#4a4010" },
  desert: { fill: "#f2b766", ink: "#5a3608" },
  swamp: { fill: "#86a872", ink: "#1f3314" },
  jungle: { fill: "#2f7d3b", ink: "#ffffff" },
};
const CARDS = {
  plains: { label: "Plains", fill: "#e9dc7c" },
  desert: { label: "Desert", fill: "#f2b766" },
  swamp: { label: "Swamp", fill: "#86a872" },
  jungle: { label: "Jungle", fill: "#2f7d3b", ink: "#fff" },
  wild: { label: "Wildcard", fill: "linear-gradient(135deg,#e9dc7c 0 25%,#f2b766 25% 50%,#86a872 50% 75%,#2f7d3b 75%)" },
  push: { label: "Push back", fill: "#e8a29a" },
  egg: { label: "Throw the egg", fill: "#f6f0d8" },
  steal: { label: "Steal a card", fill: "#a9b7c6" },
};
const R = 40; // hex radius
const DX = Math.sqrt(3) * R + 2;

function teamColour(view, seat) {
  const p = view.players[seat] || {};
  return SEAT_HEX[(p.team ?? seat) % SEAT_HEX.length];
}

function hex(cx, cy, attrs) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${(cx + R * Math.cos(a)).toFixed(1)},${(cy + R * Math.sin(a)).toFixed(1)}`);
  }
  return s("polygon", { points: pts.join(" "), ...attrs });
}

// A phone in portrait gets the track in four short rows instead of two long ones, so the tiles
// stay big enough to read and tap; turning the phone redraws it.
const NARROW = window.matchMedia("(max-width: 640px)");
let latest = null;
NARROW.addEventListener("change", () => {
  if (latest && latest.root.isConnected) {
    latest.root.replaceChildren();
    render(latest.root, latest.ctx);
  }
});

function perRow() {
  return NARROW.matches ? 4 : 7;
}

function centre(index) {
  // the volcano is index 0, tile n is index n; the rows snake so the board fits the screen
  const across = perRow();
  const row = Math.floor(index / across);
  const col = index % across;
  const x = 60 + (row % 2 === 0 ? col : across - 1 - col) * DX + (row % 2 ? DX / 2 : 0);
  const y = 70 + row * (R * 1.6 + 20);
  return [x, y];
}

export function render(root, ctx) {
  latest = { root, ctx };
  const { view } = ctx;
  root.append(trackSvg(view, ctx));
  root.append(h("p", { class: "muted", id: "race-facts" },
    `Race ${view.race}${view.races > 1 ? ` of ${view.races}` : ""} · turn ${view.turn} · deck ${view.deck_count}`
    + ` · prize stack ${view.prize_stack_count} · lava drops left ${view.lava_supply}`));
  root.append(playersBox(view, ctx));
  if (view.prize_choice) root.append(prizeChoice(view, ctx));
  if (view.mate_prize_choice) root.append(matePrizeChoice(view));
  if (view.hand) root.append(handBox(view, ctx));
  const roll = ctx.legal.find((a) => a.kind === "roll");
  if (roll) {
    const die = h("button", { type: "button", class: "primary", id: "roll-die" }, dieIcon(), "Roll the event die (end your turn)");
    ctx.offer(die, (a) => a.kind === "roll");
    root.append(h("p", {}, die));
  }
}

function trackSvg(view, ctx) {
  const n = view.track.length;
  const lastY = centre(n)[1];
  const height = Math.max(lastY, centre(perRow())[1]) + 95;
  const width = 60 + (perRow() - 0.5) * DX + R + 12;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "group",
    "aria-label": "the race track", id: "track" });
  // volcano
  const [vx, vy] = centre(0);
  svg.append(s("g", { "data-tile": 0 },
    hex(vx, vy, { fill: view.volcano_active ? "#5b1a0e" : "#6d6258", stroke: view.volcano_active ? "#ff5a1f" : "#3a332c",
      "stroke-width": 4 }),
    volcanoCone(vx, vy - 8, view.volcano_active),
    s("text", { x: vx, y: vy + 20, "text-anchor": "middle", "font-size": 11, fill: "#fff" },
      view.volcano_active ? "ACTIVE" : "quiet")));
  for (const tile of view.track) {
    const [x, y] = centre(tile.tile);
    const t = TERRAIN[tile.terrain] || { fill: "#ccc", ink: "#000" };
    const g = s("g", { "data-tile": tile.tile, "data-terrain": tile.terrain, "data-lava": tile.lava });
    g.append(hex(x, y, tile.lava ? { fill: "url(#lava)", stroke: "#7b1e06", "stroke-width": 2 }
      : { fill: t.fill, stroke: "#5a4a30", "stroke-width": 2 }));
    g.append(s("text", { x, y: y - R + 16, "text-anchor": "middle", "font-size": 11, fill: tile.lava ? "#fff" : t.ink },
      tile.tile === n ? `${tile.tile} finish` : String(tile.tile)));
    g.append(s("text", { x, y: y + R - 8, "text-anchor": "middle", "font-size": 10, fill: tile.lava ? "#fff" : t.ink },
      tile.lava ? "lava" : tile.terrain));
    svg.append(g);
  }
  svg.prepend(s("defs", {}, s("linearGradient", { id: "lava", x1: 0, y1: 0, x2: 1, y2: 1 },
    s("stop", { offset: "0%", "stop-color": "#ff7a1a" }), s("stop", { offset: "55%", "stop-color": "#d7261e" }),
    s("stop", { offset: "100%", "stop-color": "#7b1e06" }))));
  // dinos, grouped by tile
  const byTile = new Map();
  for (const d of view.dinos) {
    if (d.tile === null || d.tile === undefined) continue;
    if (!byTile.has(d.tile)) byTile.set(d.tile, []);
    byTile.get(d.tile).push(d);
  }
  for (const [tileNo, dinos] of byTile) {
    const [x, y] = centre(tileNo);
    dinos.forEach((d, i) => svg.append(dino(view, d, x + (i % 2 ? 11 : -11), y - 12 + Math.floor(i / 2) * 11, ctx)));
  }
  // the finish: dinos home
  const home = view.dinos.filter((d) => d.home);
  if (home.length) {
    const [fx, fy] = centre(n);
    svg.append(s("text", { x: fx, y: fy + R + 18, "text-anchor": "middle", "font-size": 11 }, "safe:"));
    home.forEach((d, i) => svg.append(dino(view, d, fx - (home.length - 1) * 9 + i * 18, fy + R + 32, ctx)));
  }
  return svg;
}

/** "R1": the first letter of the owner's name (its colour) and the dino's number. */
function dinoMark(view, d) {
  const owner = view.players[d.owner] || {};
  const letter = String(owner.name || `P${d.owner + 1}`).trim().charAt(0).toUpperCase();
  return `${letter}${(d.id % 2) + 1}`;
}

function dino(view, d, x, y, ctx) {
  const colour = teamColour(view, d.owner);
  const g = s("g", { "data-dino": d.id, "data-owner": d.owner, class: "dino" });
  if (d.down) {
    g.append(s("ellipse", { cx: x, cy: y + 3, rx: 14, ry: 6, fill: colour, stroke: "#222", "stroke-width": 1.5,
      "stroke-dasharray": "3 2" }));
    // knocked over, and still whose it is: "R1 down"
    g.append(s("text", { x, y: y + 5.5, "text-anchor": "middle", "font-size": 7, fill: "#fff", "font-weight": 700,
      stroke: "#111", "stroke-width": 1.8, "paint-order": "stroke", class: "dino-mark" }, `${dinoMark(view, d)} down`));
  } else {
    g.append(s("circle", { cx: x, cy: y, r: 9, fill: colour, stroke: "#222", "stroke-width": 1.5 }));
    // the owner's letter with the dino's number: whose piece it is needs no colour
    g.append(s("text", { x, y: y + 3.5, "text-anchor": "middle", "font-size": 9, fill: "#fff", "font-weight": 700,
      stroke: "#111", "stroke-width": 2.2, "paint-order": "stroke", class: "dino-mark" }, dinoMark(view, d)));
  }
  const tile = (view.track || []).find((t) => t.tile === d.tile);
  const where = d.home ? "safe at the finish" : tile ? `on tile ${tile.tile}, ${tile.lava ? "lava" : tile.terrain}` : "";
  const name = `${d.name}${d.down ? " (knocked down)" : ""}${where ? ` ${where}` : ""}`;
  g.setAttribute("data-name", name); // what a screen reader says before the choice it offers
  g.append(s("title", {}, name));
  ctx.offer(g, (a) => a.dino === d.id || a.target_dino === d.id);
  return g;
}

function playersBox(view, ctx) {
  return h("div", { class: "players", id: "players" }, view.players.map((p) => {
    const box = h("div", { class: `player${view.to_act === p.seat ? " to-act" : ""}`, "data-seat": p.seat },
      h("div", { class: "name" }, h("span", { class: "seat-dot", style: `background:${teamColour(view, p.seat)}` }),
        playerName(view, ctx.table, p.seat), view.seat === p.seat ? " (you)" : ""),
      view.egg === p.seat ? h("div", { class: "egg-holder" }, eggIcon(), "holds the egg") : null,
      h("div", {}, `${p.hand_count} cards · ${p.lava_drops} lava`),
      h("div", {}, `${p.dinos_home} home · ${p.prize_count} prizes`),
      p.prizes ? h("div", { class: "muted" }, p.prizes.length
        ? p.prizes.map((x) => `${x.colour} ${x.value}`).join(", ") : "no prizes yet") : null,
      p.team !== undefined ? h("div", { class: "muted" }, `team ${p.team + 1}`) : null);
    ctx.offer(box, (a) => a.target_seat === p.seat);
    return box;
  }));
}

// Drawn, not emoji: a box without an emoji font says nothing.
function eggIcon() {
  return s("svg", { viewBox: "0 0 16 20", width: 14, height: 18, class: "egg-icon", "aria-hidden": "true" },
    s("path", { d: "M8 1C4 1 1.5 7.5 1.5 12a6.5 6.5 0 0 0 13 0C14.5 7.5 12 1 8 1z", fill: "#f3e2b0", stroke: "#6b4f1d",
      "stroke-width": 1.5 }),
    s("circle", { cx: 5.5, cy: 11, r: 1.3, fill: "#5f9e4a" }), s("circle", { cx: 10, cy: 14, r: 1.6, fill: "#5f9e4a" }),
    s("circle", { cx: 9.5, cy: 7.5, r: 1, fill: "#5f9e4a" }));
}

function dieIcon() {
  const pips = [[5, 5], [13, 5], [9, 9], [5, 13], [13, 13]];
  return s("svg", { viewBox: "0 0 18 18", width: 18, height: 18, class: "die-icon", "aria-hidden": "true" },
    s("rect", { x: 1, y: 1, width: 16, height: 16, rx: 3.5, fill: "#fff", stroke: "#333", "stroke-width": 1.3 }),
    pips.map(([x, y]) => s("circle", { cx: x, cy: y, r: 1.5, fill: "#333" })));
}

function volcanoCone(x, y, active) {
  const g = s("g", { "aria-hidden": "true" });
  g.append(s("path", { d: `M${x - 20} ${y + 13} L${x - 6} ${y - 9} L${x + 6} ${y - 9} L${x + 20} ${y + 13} Z`,
    fill: "#8a6a4f", stroke: "#3a2a1c", "stroke-width": 1.5 }));
  if (active) {
    g.append(s("path", { d: `M${x - 6} ${y - 9} L${x - 2} ${y + 3} L${x + 1} ${y - 3} L${x + 4} ${y + 6} L${x + 6} ${y - 9} Z`,
      fill: "#ff6a1a" }));
    g.append(s("circle", { cx: x - 3, cy: y - 15, r: 3.5, fill: "#ff9a3d", opacity: 0.9 }));
    g.append(s("circle", { cx: x + 4, cy: y - 19, r: 2.5, fill: "#ffc46b", opacity: 0.9 }));
  } else {
    g.append(s("circle", { cx: x - 2, cy: y - 15, r: 3, fill: "#bbb", opacity: 0.8 }));
  }
  return g;
}

function nextTerrain(view, dinoId) {
  const d = view.dinos[dinoId];
  if (!d || d.tile === null || d.tile === undefined) return null;
  const next = view.track[d.tile]; // tile numbers start at 1, so index d.tile is the next tile
  return next ? next.terrain : null;
}

function handBox(view, ctx) {
  const keys = Object.keys(CARDS).filter((k) => view.hand[k]);
  const cards = keys.map((k) => {
    const c = CARDS[k];
    const card = h("div", { class: "card", "data-card": k,
      style: `background:${c.fill};${c.ink ? `color:${c.ink}` : ""}` },
      h("span", { class: "count" }, `×${view.hand[k]}`), c.label);
    ctx.offer(card, (a) => a.card === k || (a.cards || []).includes(k)
      || (a.kind === "move" && a.with === "match" && nextTerrain(view, a.dino) === k)
      || (a.kind === "move" && a.with === "wild" && k === "wild"));
    return card;
  });
  return h("div", { class: "panel", id: "hand" }, h("h3", {}, "Your hand"),
    cards.length ? h("div", { class: "hand" }, cards) : h("p", { class: "muted" }, "no cards"),
    view.passed_card ? h("p", { class: "muted" }, "You have passed a card to your team-mate this turn.") : null);
}

// Playing in Teams: the team-mate's stack while it chooses (team-mates talk), not clickable.
function matePrizeChoice(view) {
  const items = view.mate_prize_choice.map((x) => h("div", { class: "card", "data-mate-prize": x.id,
    style: `background:${x.colour === "red" ? "#f3b0a8" : "#b5e0b5"}` },
    h("span", { class: "count" }, x.value), `${x.colour} prize`));
  return h("div", { class: "panel", id: "mate-prize-choice" },
    h("h3", {}, "Your team-mate chooses a prize (secret to your team)"), h("div", { class: "hand" }, items));
}

function prizeChoice(view, ctx) {
  const items = view.prize_choice.map((x) => {
    const chip = h("div", { class: "card", "data-prize": x.id,
      style: `background:${x.colour === "red" ? "#f3b0a8" : "#b5e0b5"}` },
      h("span", { class: "count" }, x.value), `${x.colour} prize`);
    ctx.offer(chip, (a) => a.kind === "prize" && a.counter === x.id);
    return chip;
  });
  return h("div", { class: "panel", id: "prize-choice" }, h("h3", {}, "Choose your prize (secret)"),
    h("div", { class: "hand" }, items));
}
