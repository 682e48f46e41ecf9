// A table's chat: every seat and spectator (spectators marked), shown as plain text, with a
// mute that only this browser keeps. On a hotseat table the device speaks for the table.
import { h } from "./ui.js";

const messages = [];
let muteKey = "";

export function setupChat(tableId, send) {
  muteKey = `dinobox.mute.${tableId}`;
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-input");
  const mute = document.getElementById("chat-mute");
  mute.checked = localStorage.getItem(muteKey) === "1";
  mute.addEventListener("change", () => {
    localStorage.setItem(muteKey, mute.checked ? "1" : "0");
    renderChat();
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

export function chatItem(m) {
  const who = m.spectator ? [m.name, " ", h("span", { class: "muted spectator-mark" }, "(spectator)")] : m.name;
  return h("li", { class: m.spectator ? "chat-line spectator" : "chat-line" }, h("strong", {}, who), ": ", m.text);
}

function renderChat() {
  const list = document.getElementById("chat");
  const muted = localStorage.getItem(muteKey) === "1";
  list.hidden = muted;
  document.getElementById("chat-muted").hidden = !muted;
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 5;
  list.replaceChildren(...messages.map(chatItem));
  if (atBottom) list.scrollTop = list.scrollHeight;
}
