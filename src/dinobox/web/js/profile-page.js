// A profile's page: name, rating per game, finished games with their replays. "/profile" is
// this browser's own profile (or a form to make one).
import { api } from "./api.js";
import { createProfile, forgetProfile, keyOnce, myProfile, ratingText, renameProfile, useKeyForm } from "./profiles.js";
import { h, toast } from "./ui.js";
import { renderYourMove } from "./your-move.js";

const parts = location.pathname.split("/").filter(Boolean);
const wanted = parts.length > 1 ? decodeURIComponent(parts[1]) : null;

function createForm() {
  const input = h("input", { type: "text", id: "profile-name", maxlength: 40, placeholder: "a name others see" });
  const form = h("form", { id: "profile-form" }, h("label", {}, "Name ", input), " ",
    h("button", { class: "primary", type: "submit" }, "Create my profile"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const p = await createProfile(input.value);
      await main();
      document.getElementById("profile-head").append(keyOnce(p.key));
    } catch (error) { toast(error.message); }
  });
  return h("div", {}, h("h2", {}, "Your profile"),
    h("p", {}, "A profile keeps your finished games and your rating in each game. It is a name and a secret key "
      + "this browser keeps: no password, no e-mail."), form,
    h("p", {}, "Made one on another browser? "), useKeyForm(() => { main(); }));
}

async function main() {
  renderYourMove(yourMove); // this browser's seats and, once it has one, its profile's
  const mine = myProfile();
  const id = wanted || (mine && mine.id);
  const head = document.getElementById("profile-head");
  if (!id) {
    head.replaceChildren(createForm());
    document.getElementById("profile-ratings").replaceChildren(h("p", { class: "muted" }, "No profile yet."));
    document.getElementById("profile-games").replaceChildren(h("p", { class: "muted" }, "No profile yet."));
    return;
  }
  const data = await api(`/api/profiles/${encodeURIComponent(id)}`);
  const you = mine && mine.id === data.profile.id;
  head.replaceChildren(h("h2", { id: "profile-name-shown" }, data.profile.name),
    h("p", { class: "muted" }, you ? "This is your profile (its key is kept in this browser). " : "",
      `Since ${new Date(data.profile.created * 1000).toLocaleDateString()}.`),
    you ? renameForm(data.profile.name) : "",
    you ? h("p", {}, h("button", { type: "button", id: "forget-profile",
      onclick: () => { forgetProfile(); location.href = "/profile"; } }, "Forget this profile on this browser"),
    h("span", { class: "muted" }, " Nothing is deleted: your games and ratings stay on the server, and your key "
      + "brings the profile back.")) : "");
  const ratings = document.getElementById("profile-ratings");
  const rel = data.reliability;
  const reliability = h("p", { id: "reliability" }, `Reliability: left ${rel.unfinished} of ${rel.games} finished `
    + `game${rel.games === 1 ? "" : "s"} unfinished (resigned, out of time or abandoned).`);
  ratings.replaceChildren(reliability, data.ratings.length ? h("table", { class: "data", id: "ratings-table" },
    h("thead", {}, h("tr", {}, ["Game", "Rating (μ ± σ)", "Ordinal", "Rated games", "Left unfinished"]
      .map((t) => h("th", {}, t)))),
    h("tbody", {}, data.ratings.map((r) => h("tr", {},
      h("td", {}, h("a", { href: `/ratings/${r.game}` }, r.title)), h("td", {}, ratingText(r)),
      h("td", {}, r.ordinal.toFixed(1)), h("td", {}, String(r.games)), h("td", {}, String(r.unfinished))))))
    : h("p", { class: "muted" }, "No rated games yet."));
  const games = document.getElementById("profile-games");
  games.replaceChildren(data.games.length ? h("table", { class: "data", id: "games-table" },
    h("thead", {}, h("tr", {}, ["Game", "Finished", "Place", "Rated", ""].map((t) => h("th", {}, t)))),
    h("tbody", {}, data.games.map((g) => h("tr", {},
      h("td", {}, g.title), h("td", {}, new Date(g.finished * 1000).toLocaleString()),
      h("td", {}, String(g.place)),
      h("td", {}, g.rated ? (g.change ? `${g.change.before.mu.toFixed(1)} → ${g.change.after.mu.toFixed(1)}` : "yes") : "no"),
      h("td", {}, h("a", { class: "button", href: g.replay }, "Replay"))))))
    : h("p", { class: "muted" }, "No finished games yet."));
}

function renameForm(current) {
  const input = h("input", { type: "text", id: "rename-input", maxlength: 40, value: current });
  const form = h("form", { id: "rename-form" }, h("label", {}, "Rename ", input), " ",
    h("button", { type: "submit" }, "Save the name"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const p = await renameProfile(input.value);
      document.getElementById("profile-name-shown").textContent = p.name;
      toast(`Renamed to ${p.name}.`);
    } catch (error) { toast(error.message); }
  });
  return form;
}

const yourMove = document.getElementById("your-move");
main().catch((error) => toast(error.message));
setInterval(() => renderYourMove(yourMove), 5000);
