// Who is at the table now: each person's seat marked online (a socket open on it) or away, from
// the server's "presence" messages (server/routers/ws.py).
import { h, playerColour, playerName } from "./ui.js";

let online = new Set();

export function setPresence(seats) {
  online = new Set(seats || []);
}

export function renderPresence(table, view) {
  let line = document.getElementById("presence");
  if (!line) {
    line = h("p", { id: "presence", class: "presence muted", "aria-label": "who is here" });
    document.getElementById("status").after(line);
  }
  const people = table.seats.filter((s) => s.type === "human" && s.claimed);
  line.hidden = !people.length || table.hotseat;
  line.replaceChildren(...people.map((s) => {
    const here = online.has(s.seat);
    return h("span", { class: `presence-seat ${here ? "online" : "away"}`, "data-seat": s.seat, "data-online": here ? "1" : "0" },
      h("span", { class: "seat-dot", style: `background:${playerColour(view, s.seat)}` }),
      playerName(view, table, s.seat), " ", h("span", { class: "presence-mark" }, here ? "● online" : "○ away"));
  }));
}
