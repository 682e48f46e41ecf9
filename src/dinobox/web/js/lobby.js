// The lobby: the games, a form to open a table, and the tables already open.
import { api, storeTokens } from "./api.js";
import { botLabel } from "./names.js";
import { profileBar, profileKey } from "./profiles.js";
import { renderYourMove } from "./your-move.js";
import { h, toast } from "./ui.js";

let games = [];
let bots = [];
let levels = []; // the lobby's bot levels, weakest first: [{bot, label, about, seconds}] (bots.LEVEL_INFO on the server)
let tableRules = null;

async function main() {
  const data = await api("/api/games");
  games = data.games;
  bots = data.bots;
  levels = (data.levels || []).filter((l) => bots.includes(l.bot));
  tableRules = data.tables;
  renderTableRules(tableRules);
  renderGames();
  const select = document.getElementById("game-select");
  for (const g of games) select.append(h("option", { value: g.id }, g.title));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) select.value = wanted;
  select.addEventListener("change", configure);
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("seats").addEventListener("change", renderLevelNotes);
  document.getElementById("create-form").addEventListener("submit", create);
  profileBar(document.getElementById("profile-bar"));
  document.getElementById("clock-kind").addEventListener("change", showClockFields);
  configure();
  refreshTables();
  setInterval(refreshTables, 5000);
  const yourMove = document.getElementById("your-move");
  renderYourMove(yourMove);
  setInterval(() => renderYourMove(yourMove), 5000);
}

function current() {
  return games.find((g) => g.id === document.getElementById("game-select").value);
}

function renderGames() {
  const box = document.getElementById("games");
  box.replaceChildren(...games.map((g) => h("article", { class: "panel game-card", "data-game": g.id },
    h("h3", {}, g.title),
    h("p", {}, g.summary),
    h("p", { class: "muted" }, `${g.min_players}–${g.max_players} players`),
    h("p", {},
      h("a", { class: "button", href: `/how-to-play/${g.id}` }, "How to play"), " ",
      h("button", { type: "button", onclick: () => { document.getElementById("game-select").value = g.id; configure();
        document.getElementById("create-panel").scrollIntoView({ behavior: "smooth" }); } }, "Play")))));
}

function configure() {
  const g = current();
  const players = document.getElementById("players");
  players.min = g.min_players;
  players.max = g.max_players;
  players.value = g.default_players;
  const box = document.getElementById("options");
  box.replaceChildren(h("legend", {}, "Options and variants"));
  if (!g.option_specs.length) box.append(h("span", { class: "muted" }, "none"));
  for (const spec of g.option_specs) {
    let input;
    if (spec.kind === "bool") {
      input = h("input", { type: "checkbox", name: spec.name, "data-kind": "bool", checked: spec.default });
    } else if (spec.kind === "int") {
      input = h("input", { type: "number", name: spec.name, "data-kind": "int", value: spec.default,
        min: spec.minimum, max: spec.maximum });
    } else {
      input = h("select", { name: spec.name, "data-kind": "choice" },
        (spec.choices || []).map((c) => h("option", { value: c, selected: c === spec.default }, c)));
    }
    box.append(h("label", { title: spec.description }, input, spec.name.replace(/_/g, " "),
      h("span", { class: "muted" }, ` — ${spec.description}`)), h("br"));
  }
  renderSeats();
}

// The bot levels first, weakest first, then the other bot kinds.
function seatChoices() {
  const list = [["device", "This device (a person)"], ["online", "Friend online (share the link)"]];
  for (const l of levels) list.push([`bot:${l.bot}`, `Bot: ${l.bot} (${l.label})`]);
  for (const b of bots) if (!levels.some((l) => l.bot === b)) list.push([`bot:${b}`, botLabel(b)]);
  return list;
}

// What the levels chosen for the seats are, in a sentence each (how strong each measures).
function renderLevelNotes() {
  const chosen = new Set([...document.querySelectorAll("#seats select")].map((s) => s.value));
  const notes = levels.filter((l) => chosen.has(`bot:${l.bot}`)).map((l) => {
    const capped = l.seconds && tableRules && tableRules.max_bot_seconds < l.seconds
      ? ` On this server it thinks at most ${tableRules.max_bot_seconds} s a move.` : "";
    return h("li", {}, h("b", {}, l.bot), ` — ${l.about}${capped}`);
  });
  document.getElementById("level-notes").replaceChildren(...notes);
}

function renderSeats() {
  const n = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(h("legend", {}, "Seats"));
  const preferredBot = bots.includes("medium") ? "bot:medium" : bots.includes("heuristic") ? "bot:heuristic" : "bot:random";
  for (let i = 0; i < n; i++) {
    const value = previous[i] || (i === 0 ? "device" : preferredBot);
    box.append(h("label", {}, `Seat ${i + 1}`,
      h("select", { name: `seat${i}`, "data-seat": i },
        seatChoices().map(([v, text]) => h("option", { value: v, selected: v === value }, text)))), " ");
  }
  box.append(h("ul", { id: "level-notes", class: "muted", "aria-live": "polite" }));
  renderLevelNotes();
}

function showClockFields() {
  const kind = document.getElementById("clock-kind").value;
  for (const node of document.querySelectorAll("#clock [data-clock]")) {
    node.hidden = !kind || (node.dataset.clock !== "any" && node.dataset.clock !== kind);
  }
}

/** The time control the form asks for (null: no clock); the server checks the numbers. */
function clockBody() {
  const kind = document.getElementById("clock-kind").value;
  const onTimeout = document.getElementById("clock-rule").value;
  if (kind === "realtime") {
    return { type: "realtime", bank_seconds: Number(document.getElementById("clock-minutes").value) * 60,
      increment_seconds: Number(document.getElementById("clock-increment").value), on_timeout: onTimeout };
  }
  if (kind === "turn") {
    return { type: "turn", hours_per_move: Number(document.getElementById("clock-hours").value), on_timeout: onTimeout };
  }
  return null;
}

async function create(event) {
  event.preventDefault();
  const g = current();
  const options = {};
  for (const input of document.querySelectorAll("#options [name]")) {
    const kind = input.dataset.kind;
    if (kind === "bool") options[input.name] = input.checked;
    else if (kind === "int") options[input.name] = Number(input.value);
    else options[input.name] = input.value;
  }
  const seats = [];
  const claim = [];
  let online = 0;
  for (const select of document.querySelectorAll("#seats select")) {
    const seat = Number(select.dataset.seat);
    if (select.value.startsWith("bot:")) seats.push({ type: "bot", bot: select.value.slice(4) });
    else {
      seats.push({ type: "human" });
      if (select.value === "device") claim.push(seat);
      else online += 1;
    }
  }
  const body = {
    game: g.id, players: Number(document.getElementById("players").value), options, seats, claim,
    hotseat: claim.length > 1 && online === 0, start: online === 0,
    name: document.getElementById("your-name").value || null,
    rated: document.getElementById("rated").checked, profile_key: profileKey(), clock: clockBody(),
    silence_seconds: Number(document.getElementById("silence").value) || null, // "": the server's default
  };
  try {
    const made = await api("/api/tables", { method: "POST", body });
    storeTokens(made.table.id, made.tokens);
    location.href = made.link;
  } catch (error) {
    toast(error.message);
  }
}

async function refreshTables() {
  let data;
  try { data = await api("/api/tables"); } catch { return; }
  const box = document.getElementById("tables");
  if (!data.tables.length) { box.replaceChildren(h("p", { class: "muted" }, "No open tables yet.")); return; }
  const title = (id) => (games.find((g) => g.id === id) || { title: id }).title;
  box.replaceChildren(h("table", { class: "data" },
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Status"), h("th", {}, "Seats"), h("th", {}, ""))),
    h("tbody", {}, data.tables.map((t) => {
      const open = t.seats.filter((s) => !s.claimed).length;
      return h("tr", {},
        h("td", {}, title(t.game), ` · ${t.players} players`),
        h("td", {}, t.status, t.time_control ? h("span", { class: "muted" }, ` · ${clockLabel(t.time_control)}`) : null,
          h("br"), h("span", { class: "muted waited" }, waitedText(t))),
        h("td", { class: "seats-cell" }, t.seats.flatMap((s, i) => [i ? ", " : "", s.type === "bot"
          ? h("span", { class: "bot", title: s.bot }, botLabel(s.bot)) : (s.claimed ? s.name : "open")])),
        h("td", {}, h("a", { class: "button", href: `/table/${t.id}` }, open ? "Join" : "Watch")));
    }))));
}

// The silence limit the form offers: the server's default first, then a few others within its bounds.
function renderTableRules(rules) {
  const select = document.getElementById("silence");
  const choices = [300, 1800, 3600, 86400, 259200, 604800]
    .filter((s) => s >= rules.min_silence_seconds && s <= rules.max_silence_seconds && s !== rules.silence_seconds);
  select.replaceChildren(h("option", { value: "", selected: true }, `${span(rules.silence_seconds)} (the default)`),
    ...choices.map((s) => h("option", { value: String(s) }, span(s))));
  document.getElementById("rated-clock").textContent = `Rated tables without a clock give each person `
    + `${rules.rated_move_hours} hours a move: whoever takes longer loses, and a bot plays their seat on `
    + "if two or more others still play.";
}

function span(seconds) {
  if (seconds < 120) return `${Math.round(seconds)} seconds`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86400)} days`;
}

// How long the table has waited, and for whom: people to join, or the person to move.
function waitedText(t) {
  const waited = span(Math.max(0, Date.now() / 1000 - t.updated));
  if (t.status === "waiting") return `waiting ${waited} for players to join`;
  const seat = t.to_act === null || t.to_act === undefined ? null : t.seats[t.to_act];
  if (!seat) return `last move ${waited} ago`;
  return seat.type === "bot" ? "a bot is moving" : `waiting ${waited} for ${seat.name || `seat ${seat.seat + 1}`}`;
}

function clockLabel(control) {
  if (control.type === "turn") return `${control.hours_per_move} h/move`;
  const inc = control.increment_seconds ? `+${control.increment_seconds}s` : "";
  return `${control.bank_seconds / 60}m${inc}`;
}

main().catch((error) => toast(error.message));
