// "How to play": our own summary of a game (its package's howto.html), its facts from the API,
// and a link to the documented reading of the rules and its assumptions.
import { api } from "./api.js";
import { h, toast } from "./ui.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

async function main() {
  const game = await api(`/api/games/${encodeURIComponent(gameId)}`);
  document.title = `dinobox · how to play ${game.title}`;
  const box = document.getElementById("howto");
  let body = null;
  const response = game.howto ? await fetch(game.howto) : null;
  if (response && response.ok) {
    body = document.createElement("div");
    body.innerHTML = await response.text(); // our own static file, shipped with the package
  }
  box.replaceChildren(
    h("h1", {}, `How to play ${game.title}`),
    h("p", {}, h("strong", {}, game.summary), ` ${game.min_players}–${game.max_players} players.`),
    body || h("p", { class: "muted" }, "A longer guide for this game is still to be written."),
    game.option_specs.length ? h("div", {}, h("h2", {}, "Options and variants"),
      h("ul", {}, game.option_specs.map((o) => h("li", {}, h("strong", {}, o.name.replace(/_/g, " ")), `: ${o.description}`))))
      : null,
    h("h2", {}, "Where the rulebook was unclear"),
    h("p", {}, "The printed rulebook lost its pictures, so some counts and values had to be chosen. ",
      game.rules_page ? h("a", { href: game.rules_page, id: "assumptions-link" }, "Read how the rules are played here, with every assumption")
        : "This game ships no rules document."),
    h("p", {}, h("a", { class: "button primary", href: `/?game=${game.id}` }, `Open a ${game.title} table`)));
}

main().catch((error) => toast(error.message));
