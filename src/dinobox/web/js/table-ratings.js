// The table's ratings panel: each player's rating in this game (profiles and bot levels) and,
// once a rated game is over, how it changed.
import { api } from "./api.js";
import { occupant } from "./names.js";
import { ratingText } from "./profiles.js";
import { h } from "./ui.js";

let shownFor = null;

export async function renderRatings(table) {
  const key = `${table.id}:${table.status}:${table.seats.map((s) => s.profile || s.claimed).join(",")}`;
  if (key === shownFor) return;
  shownFor = key;
  const panel = document.getElementById("ratings-panel");
  if (!panel) return;
  let data;
  try { data = await api(`/api/tables/${table.id}/ratings`); } catch { return; }
  const rows = data.seats.filter((s) => s.rating).map((s) => {
    const seat = table.seats[s.seat] || {};
    const who = occupant(table, s.seat) || `Seat ${s.seat + 1}`;
    // after a rated game: its rating before → after; otherwise the rating now
    const shown = s.change ? [ratingText(s.change.before), " → ", ratingText(s.change.after)] : [ratingText(s.rating)];
    return h("li", { "data-seat": s.seat },
      seat.profile ? h("a", { href: `/profile/${seat.profile}` }, who) : who, ": ",
      h("span", { class: "rating" }, ...shown));
  });
  panel.hidden = !data.rated; // a casual table changes no rating: no panel to fill its side
  panel.replaceChildren(h("h3", {}, data.rated ? "Rated game" : "Ratings"),
    h("ul", { class: "rating-list" }, rows),
    h("p", { class: "muted" }, h("a", { href: `/ratings/${table.game}` }, "Leaderboard")));
}
