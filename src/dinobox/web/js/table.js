// The table page: one WebSocket, the board, the choices, the log, hotseat and the game's end.
import { api, socketUrl, storedTokens, storeTokens } from "./api.js";
import { actionButtons, closeMenu, focusKey, makeOffer, restoreFocus } from "./actions.js";
import { boardFor } from "./boards/registry.js";
import { setTitle, setupAlerts, turnAlert } from "./alerts.js";
import { addChat, setChatRules, setupChat } from "./chat.js";
import { renderPresence, setPresence } from "./presence.js";
import { renderClocks } from "./clock.js";
import { hintUsed, renderHint } from "./hint.js";
import { botLabel, gameName } from "./names.js";
import { profileKey } from "./profiles.js";
import { renderRatings } from "./table-ratings.js";
import { h, keepAndAppend, labelled, logItem, playerColour, playerName, scoreTable, toast } from "./ui.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
if (params.has("seat") && params.has("token")) {
  storeTokens(tableId, [{ seat: Number(params.get("seat")), token: params.get("token") }]);
  history.replaceState(null, "", `/table/${tableId}`); // keep the secret out of the address bar
}

let tokens = storedTokens(tableId);
let mySeats = Object.keys(tokens).map(Number).sort((a, b) => a - b);
let active = mySeats.length === 1 ? mySeats[0] : null; // the seat the socket speaks for
let curtainFor = null;
let socket = null;
let last = null;
let log = [];
let board = null;
let waiting = false;
let retry = 500;

function connect() {
  const url = active === null ? socketUrl(tableId) : socketUrl(tableId, active, tokens[active]);
  socket = new WebSocket(url + (url.includes("?") ? "&" : "?") + "delta=1&presence=1"); // pictures as changes; who is here
  socket.addEventListener("open", () => {
    retry = 500;
    setConnection("live");
    api(`/api/tables/${tableId}/chat`).then((got) => { setChatRules(got.rules || {}); addChat(got.messages); }).catch(() => {}); // what was said before
  });
  socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    setConnection("reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

// A picture sent as its change (server/deltas.py) made whole from the last one.
function whole(msg) {
  if (!last || !msg.same) return msg;
  for (const key of msg.same) msg[key] = last[key];
  if (msg.view_same) {
    const view = {};
    for (const key of msg.view_same) view[key] = last.view[key];
    msg.view = Object.assign(view, msg.view);
  }
  delete msg.same;
  delete msg.view_same;
  return msg;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else toast("Not connected yet: try again in a moment.");
}

function setConnection(text) {
  document.getElementById("connection").textContent = text;
}

async function onMessage(msg) {
  if (msg.type === "error") {
    waiting = false;
    if (msg.code === "not_found") { document.getElementById("status").textContent = msg.error; socket.onclose = null; }
    toast(msg.error);
    if (last) render();
    return;
  }
  if (msg.type === "chat") { addChat(msg.messages); return; }
  if (msg.type === "chat_rules") { setChatRules(msg); return; }
  if (msg.type === "presence") { setPresence(msg.online); if (last) renderPresence(last.table, last.view); return; }
  if (msg.type === "hint_used") { hintUsed(msg, last); return; }
  if (msg.type !== "state") return;
  msg = whole(msg);
  log = log.slice(0, msg.log_start).concat(msg.log);
  last = msg;
  document.body.dataset.version = msg.version;
  document.body.dataset.status = msg.table.status;
  document.body.dataset.seat = msg.seat === null ? "" : msg.seat;
  waiting = false;
  if (!board) {
    board = await boardFor(msg.table.game);
    document.getElementById("game-title").textContent = msg.table.title;
    document.getElementById("howto-link").href = `/how-to-play/${msg.table.game}`;
    setTitle(`dinobox · ${msg.table.title}`);
  }
  hotseat();
  render();
  renderRatings(msg.table);
}

function act(action) {
  if (!last || waiting) return;
  waiting = true;
  closeMenu();
  send({ type: "action", action, version: last.version });
  document.querySelectorAll("#actions button").forEach((b) => { b.disabled = true; });
}

// ----- hotseat: one device, several people; hands hidden while the device changes hands --------
function hotseat() {
  if (mySeats.length < 2 || last.table.status !== "playing") return;
  const toAct = last.table.to_act;
  if (toAct === null || !mySeats.includes(toAct) || toAct === active || curtainFor === toAct) return;
  curtainFor = toAct;
  if (active !== null) {
    active = null;
    send({ type: "join", seat: null }); // the next picture is the spectator's: no hand in the page
  }
  const name = playerName(last.view, last.table, toAct);
  document.getElementById("curtain-title").textContent = `Pass the device to ${name}`;
  document.getElementById("curtain-button").textContent = `I am ${name}: show my hand`;
  document.getElementById("curtain").hidden = false;
}

document.getElementById("curtain-button").addEventListener("click", () => {
  const seat = curtainFor;
  curtainFor = null;
  document.getElementById("curtain").hidden = true;
  active = seat;
  send({ type: "join", seat, token: tokens[seat] });
});

// ----- drawing ------------------------------------------------------------------------------------
function render() {
  const focused = focusKey();
  const msg = last;
  const view = msg.view;
  const table = msg.table;
  renderSeats(table, view);
  renderPresence(table, view);
  renderClocks(msg);
  const status = document.getElementById("status");
  const mine = msg.seat !== null && table.to_act === msg.seat && msg.legal.length > 0;
  status.className = `status${mine ? " yours" : ""}`;
  status.setAttribute("aria-live", mine ? "assertive" : "polite"); // "your move" interrupts; the rest waits
  if (table.status === "waiting") status.textContent = "Waiting for every seat to be taken…";
  else if (table.status === "finished") status.textContent = `Game over: ${winnerText(msg)}`;
  else if (mine) status.textContent = `Your turn, ${playerName(view, table, msg.seat)}: choose on the board or below.`;
  else if (table.to_act !== null) status.textContent = `Waiting for ${playerName(view, table, table.to_act)}…`;
  else status.textContent = "…";
  const legal = curtainShown() ? [] : labelled(msg.legal, view, table);
  const offer = makeOffer(legal, act, curtainShown() ? [] : msg.refusals || []);
  const root = document.getElementById("board");
  root.replaceChildren();
  root.hidden = table.status === "waiting"; // the game is not set up yet: the seats panel says who plays
  if (!root.hidden) board.render(root, { view, legal, seat: msg.seat, table, offer, act });
  document.getElementById("actions-panel").classList.toggle("has-choices", legal.length > 0);
  const actions = document.getElementById("actions");
  actions.replaceChildren(...(legal.length ? actionButtons(legal, act)
    : [h("p", { class: "muted" }, msg.seat === null ? "You are watching." : "Nothing to choose right now.")]));
  const undo = document.getElementById("undo");
  undo.hidden = !msg.can_undo;
  undo.onclick = () => send({ type: "undo", version: msg.version });
  const canResign = table.status === "playing" && msg.seat !== null && !table.seats[msg.seat].left;
  document.getElementById("resign").hidden = !canResign;
  if (!canResign) document.getElementById("resign-confirm").hidden = true;
  turnAlert(mine && !curtainShown(), `${table.title}: your move`);
  renderAbandon(msg);
  renderHint(msg, msg.seat === null ? undefined : tokens[msg.seat], curtainShown());
  const list = document.getElementById("log");
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 5;
  keepAndAppend(list, [...log.map((e) => logItem(e, view, table)), ...tableEvents(msg)]);
  if (atBottom) list.scrollTop = list.scrollHeight;
  renderGameOver(msg);
  restoreFocus(focused);
}

// A seat to act silent longer than the table allows can be claimed as a win by the others.
let abandonTimer = null;
function renderAbandon(msg) {
  const box = document.getElementById("abandon");
  const table = msg.table;
  clearTimeout(abandonTimer);
  const silent = table.to_act;
  const mine = mySeats.filter((s) => s !== silent);
  const person = silent !== null && table.seats[silent].type === "human" && !mySeats.includes(silent);
  if (table.status !== "playing" || !table.silence || !person || !mine.length) { box.hidden = true; return; }
  const left = table.updated + table.silence - Date.now() / 1000;
  if (left > 0) {
    box.hidden = true;
    abandonTimer = setTimeout(() => renderAbandon(last), Math.min(left * 1000 + 250, 2 ** 31 - 1));
    return;
  }
  box.hidden = false;
  document.getElementById("abandon-text").textContent =
    `${playerName(msg.view, table, silent)} has not moved for ${duration(Date.now() / 1000 - table.updated)}.`;
  document.getElementById("claim-abandoned").onclick = async () => {
    const seat = mine[0];
    try {
      await api(`/api/tables/${tableId}/claim-abandoned`, { method: "POST", body: { seat, token: tokens[seat] } });
    } catch (error) { toast(error.message); }
  };
}

function duration(seconds) {
  if (seconds < 120) return `${Math.round(seconds)} seconds`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86400)} days`;
}

// What the table did beside the rules, said in the log: a stand-in bot moving for a seat out of
// time, and a game ended by time, resignation or abandonment.
function tableEvents(msg) {
  const out = [];
  const clock = msg.clock;
  const name = (seat) => playerName(msg.view, msg.table, seat);
  if (clock && clock.standin !== null && clock.standin !== undefined) {
    out.push(`${name(clock.standin)} is out of time: a stand-in bot plays this move.`);
  }
  out.push(...leaverLines(msg));
  const result = msg.table.result;
  if (result && result.forfeit !== null && result.forfeit !== undefined) {
    out.push(`${name(result.forfeit)} ${EARLY[result.how] || "ran out of time"}: the game is over.`);
  }
  return out.map((text) => h("li", { class: "table-event" }, h("em", {}, text)));
}

function curtainShown() {
  return !document.getElementById("curtain").hidden;
}

// The seats panel is drawn again only when what it shows changed: a redraw on every message would
// swap a button from under a pointer between its press and release, and move the focus.
let seatsDrawn = "";

function renderSeats(table, view) {
  const panel = document.getElementById("seats-panel");
  const open = table.seats.filter((s) => !s.claimed);
  if (table.status !== "waiting") { panel.hidden = true; seatsDrawn = ""; return; }
  panel.hidden = false;
  const drawn = JSON.stringify([table.seats.map((s) => [s.seat, s.type, s.bot, s.claimed, s.name,
    playerColour(view, s.seat), seatTitle(view, s.seat)]), mySeats]);
  if (drawn === seatsDrawn) return;
  seatsDrawn = drawn;
  const link = `${location.origin}/table/${table.id}`;
  const typed = (document.getElementById("claim-name") || {}).value || ""; // kept across redraws
  const rows = table.seats.map((s) => h("li", { "data-seat": s.seat },
    h("span", { class: "seat-dot", style: `background:${playerColour(view, s.seat)}` }), seatTitle(view, s.seat), ": ",
    s.type === "bot" ? [h("strong", {}, botLabel(s.bot)), " ", h("span", { class: "muted bot-spec" }, s.bot)]
      : s.claimed ? h("strong", {}, s.name) : "open",
    mySeats.includes(s.seat) ? " (you)" : "",
    !s.claimed ? h("button", { type: "button", "data-claim": s.seat, onclick: () => claim(s.seat) }, "Take this seat")
      : null));
  const children = [h("h3", {}, "Seats"), h("ul", { class: "seat-list" }, rows),
    h("p", {}, "Share this link with friends: ", h("input", { type: "text", readonly: true, value: link, size: 40,
      class: "share-link", onclick: (e) => e.target.select() })),
    open.length ? h("p", {}, h("label", {}, "Your name ", h("input", { type: "text", id: "claim-name", maxlength: 40, value: typed })))
      : null,
    mySeats.length && !open.length ? h("button", { class: "primary", type: "button", onclick: start }, "Start") : null];
  panel.replaceChildren(...children.filter(Boolean)); // replaceChildren would print a null as "null"
}

function seatTitle(view, seat) {
  const colour = gameName(view, seat);
  const plain = `Seat ${seat + 1}`;
  return colour && colour.toLowerCase() !== plain.toLowerCase() ? `${plain} (${colour})` : plain;
}

async function claim(seat) {
  try {
    const name = (document.getElementById("claim-name") || {}).value || null;
    const made = await api(`/api/tables/${tableId}/seats/${seat}`, { method: "POST", body: { name, profile_key: profileKey() } });
    tokens = storeTokens(tableId, made.tokens);
    mySeats = Object.keys(tokens).map(Number).sort((a, b) => a - b);
    if (active === null) {
      active = seat;
      send({ type: "join", seat, token: tokens[seat] });
    }
  } catch (error) { toast(error.message); }
}

async function start() {
  const seat = mySeats[0];
  try {
    await api(`/api/tables/${tableId}/start`, { method: "POST", body: { seat, token: tokens[seat] } });
  } catch (error) { toast(error.message); }
}

function renderGameOver(msg) {
  const box = document.getElementById("game-over");
  if (msg.table.status !== "finished") { box.hidden = true; return; }
  box.hidden = false;
  const seat = mySeats.length ? mySeats[0] : null;
  const result = msg.table.result || {};
  const forfeit = result.forfeit;
  const early = result.aborted ? [abortedText(msg)] : forfeit !== null && forfeit !== undefined
    ? [h("p", { class: "status", id: "forfeit" }, `${playerName(msg.view, msg.table, forfeit)} `
      + `${EARLY[result.how] || "ran out of time"} and ranks last; `
      + (msg.table.players > 2 ? "everyone still playing shares the win." : "the other seat wins."))] : [];
  const wasShown = !box.hidden && box.dataset.shown === String(msg.version);
  box.dataset.shown = String(msg.version);
  box.replaceChildren(h("h2", { id: "winner-banner", class: "winner-banner" }, winnerText(msg)), ...early,
    h("h3", {}, "Final scores"),
    scoreTable(msg.view, msg.table),
    h("p", {},
      h("a", { class: "button", id: "download-record", href: `/api/tables/${tableId}/record`,
        download: `dinobox-${tableId}.json` }, "Download the record"), " ",
      h("a", { class: "button", href: `/replay/${tableId}` }, "Watch the replay"), " ",
      msg.table.rematch ? h("a", { class: "button", href: `/table/${msg.table.rematch}` }, "Go to the rematch")
        : null, " ",
      seat !== null ? h("button", { type: "button", id: "rematch", onclick: () => rematch(seat) }, "Rematch") : null),
    h("p", { class: "muted" }, "Play the record in a terminal with: dinobox replay FILE"));
  if (!wasShown) window.scrollTo(0, 0); // the end in view: banner and scores at the top of the page
}

const EARLY = { resigned: "resigned", abandoned: "stopped playing (the win was claimed)", time: "ran out of time",
  cancelled: "was silent past the table's limit" };

// Seats whose people left while the game went on: who left, how, and the bot playing on for them.
function leaverLines(msg) {
  return msg.table.seats.filter((s) => s.left).map((s) => `${s.left.name || `Seat ${s.seat + 1}`} `
    + `${EARLY[s.left.how] || "left"} and ranks last: ${botLabel(s.bot)} plays the seat now.`);
}

// A game that ended without a result: aborted before it could be rated, or cancelled when silent.
function abortedText(msg) {
  const result = msg.table.result;
  const who = result.forfeit === null || result.forfeit === undefined ? "Nobody joined"
    : `${playerName(msg.view, msg.table, result.forfeit)} ${EARLY[result.how] || "left"}`;
  const why = result.how === "cancelled" ? "the table is cancelled: nobody wins."
    : "the game is aborted before every seat made two moves: nobody wins and no rating changes.";
  return h("p", { class: "status", id: "aborted" }, `${who}; ${why}`);
}

function winnerText(msg) {
  const result = msg.table.result || {};
  const winners = msg.view.winners || result.winners || [];
  const names = winners.map((s) => playerName(msg.view, msg.table, s));
  if (!names.length) return "Nobody won this game.";
  if (names.length === 1) return `★ ${names[0]} wins!`;
  return `★ ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} win!`;
}

async function rematch(seat) {
  try {
    const made = await api(`/api/tables/${tableId}/rematch`, { method: "POST", body: { seat, token: tokens[seat] } });
    storeTokens(made.table.id, made.tokens);
    location.href = made.link;
  } catch (error) { toast(error.message); }
}

document.getElementById("resign").addEventListener("click", () => {
  document.getElementById("resign-confirm").hidden = false;
});
document.getElementById("resign-no").addEventListener("click", () => {
  document.getElementById("resign-confirm").hidden = true;
});
document.getElementById("resign-yes").addEventListener("click", () => {
  document.getElementById("resign-confirm").hidden = true;
  send({ type: "resign" });
});
setupAlerts();
setupChat(tableId, (text) => {
  const seat = last && last.table.hotseat && mySeats.length ? mySeats[0] : null; // hotseat: the table speaks
  send(seat === null ? { type: "chat", text } : { type: "chat", text, seat, token: tokens[seat] });
}, {
  colour: (seat) => playerColour(last && last.view, seat),
  seat: () => (mySeats.length ? mySeats[0] : null),
  rules: (change) => {
    const seat = active ?? mySeats[0];
    send({ type: "chat_rules", ...change, ...(active === null && seat !== undefined ? { seat, token: tokens[seat] } : {}) });
  },
});

connect();
