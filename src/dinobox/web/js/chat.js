// A table's chat: the seats' lines and, apart, the spectators' (each spectator known by a mark),
// shown as plain text with the time and the seat's colour beside the name. The players may switch
// the spectators' chat off or mute one spectator, at the server; "Mute" in the heading is this
// browser's own. On a hotseat table the device speaks for the table.
import { h, keepAndAppend } from "./ui.js";

const messages = [];
let muteKey = "";
let options = { colour: () => null, seat: () => null, rules: () => {} };
let rules = { spectators: true, muted: [] };

export function setupChat(tableId, send, given = {}) {
  muteKey = `dinobox.mute.${tableId}`;
  options = { ...options, ...given };
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-input");
  const mute = document.getElementById("chat-mute");
  mute.checked = localStorage.getItem(muteKey) === "1";
  mute.addEventListener("change", () => {
    localStorage.setItem(muteKey, mute.checked ? "1" : "0");
    renderChat();
  });
  document.getElementById("chat-spectators-on").addEventListener("change", (event) => {
    options.rules({ spectators: event.target.checked });
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    send(text);
    input.value = "";
  });
}

export function addChat(incoming) {
  for (const m of incoming) if (!messages.some((k) => k.n === m.n)) messages.push(m);
  messages.sort((a, b) => a.n - b.n);
  renderChat();
}

export function setChatRules(given) {
  rules = { spectators: given.spectators !== false, muted: given.muted || [] };
  renderChat();
}

function clockTime(at) {
  const when = new Date(at * 1000);
  return `${String(when.getHours()).padStart(2, "0")}:${String(when.getMinutes()).padStart(2, "0")}`;
}

export function chatItem(m, colour = null, muteButton = null) {
  const dot = colour ? h("span", { class: "seat-dot", style: `background:${colour}` }) : null;
  const who = m.spectator ? [m.name, " ", h("span", { class: "muted spectator-mark" }, "(spectator)")] : m.name;
  const time = typeof m.at === "number" ? h("time", { class: "chat-time muted", datetime: new Date(m.at * 1000).toISOString() }, clockTime(m.at)) : null;
  return h("li", { class: m.spectator ? "chat-line spectator" : "chat-line", "data-seat": m.seat ?? "" },
    time, " ", dot, h("strong", {}, who), ": ", m.text, muteButton);
}

function muteFor(m) {
  if (!m.spectator || options.seat() === null || !m.from) return null;
  const muted = rules.muted.includes(m.from);
  return h("button", {
    type: "button", class: "chat-mute-one", "data-mute": m.from,
    onclick: () => options.rules(muted ? { unmute: m.from } : { mute: m.from }),
  }, muted ? "Unmute" : "Mute");
}

function renderList(list, lines) {
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 5;
  // only new lines are added: the list is a live region, read out as it grows
  keepAndAppend(list, lines.map((m) => chatItem(m, m.seat !== null && m.seat >= 0 ? options.colour(m.seat) : null, muteFor(m))));
  if (atBottom) list.scrollTop = list.scrollHeight;
}

function renderChat() {
  const list = document.getElementById("chat");
  const rail = document.getElementById("chat-spectators");
  const muted = localStorage.getItem(muteKey) === "1";
  list.hidden = muted;
  document.getElementById("chat-muted").hidden = !muted;
  const player = options.seat() !== null;
  const heard = messages.filter((m) => m.spectator && !rules.muted.includes(m.from));
  const shown = player ? messages.filter((m) => m.spectator) : heard;
  renderList(list, messages.filter((m) => !m.spectator));
  rail.hidden = muted || !rules.spectators || !shown.length;
  renderList(rail, shown);
  document.getElementById("spectators-switch").hidden = !player;
  document.getElementById("chat-spectators-on").checked = rules.spectators;
  document.getElementById("chat-spectators-off").hidden = rules.spectators;
  document.body.dataset.spectatorChat = rules.spectators ? "on" : "off";
}
