// Making the board clickable: an element "offers" the legal actions that match a predicate.
// One match plays at once; several open a small menu of readable choices.
import { hintedAction } from "./hint.js";
import { actionLabel, h } from "./ui.js";

// An element no legal action matches but refused ones do says, when clicked, why the engine
// refuses them (``refusals``: the server's ``{reason, actions}`` groups for the seat to act).
export function makeOffer(legal, act, refusals = []) {
  const refused = refusals.flatMap((group) => group.actions.map((a) => ({ ...a, reason: group.reason })));
  return function offer(element, predicate, title) {
    const matches = legal.filter(predicate);
    if (!matches.length) return refuse(element, refused.filter(predicate));
    const isSvg = element instanceof SVGElement;
    element.classList.add(isSvg ? "clickable" : "clickable-html");
    element.setAttribute("role", "button");
    element.setAttribute("tabindex", "0");
    element.setAttribute("data-offers", matches.map((m) => m.action).join(" "));
    const label = title || (matches.length === 1 ? actionLabel(matches[0]) : `${matches.length} choices`);
    element.setAttribute("aria-label", label);
    if (isSvg) element.append(svgTitle(label));
    else element.title = label;
    const choose = (event) => {
      event.stopPropagation();
      if (matches.length === 1) act(matches[0].action);
      else menu(matches, event, act);
    };
    element.addEventListener("click", choose);
    element.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") choose(event); });
    return true;
  };
}

function refuse(element, matches) {
  if (!matches.length) return false;
  const reasons = [...new Set(matches.map((m) => m.reason))];
  element.classList.add("refused");
  // the refused action ids (a piece no action names, e.g. another player's, has none)
  element.setAttribute("data-refused", matches.map((m) => m.action).filter((a) => a !== undefined).join(" "));
  element.addEventListener("click", (event) => {
    event.stopPropagation();
    bubble(element, reasons);
  });
  return false;
}

// The reasons in a small bubble next to the element, gone after a while or at the next click.
function bubble(element, reasons) {
  closeMenu();
  const box = h("div", { class: "popup refusal", role: "status", "aria-live": "polite" },
    h("strong", {}, "Not now: "), reasons.length === 1 ? reasons[0]
      : h("ul", {}, reasons.slice(0, 4).map((r) => h("li", {}, r))));
  document.body.append(box);
  const at = element.getBoundingClientRect();
  const x = Math.min(at.left, window.innerWidth - box.offsetWidth - 10);
  const below = at.bottom + 6 + box.offsetHeight < window.innerHeight;
  box.style.left = `${Math.max(5, x)}px`;
  box.style.top = `${below ? at.bottom + 6 : Math.max(5, at.top - box.offsetHeight - 6)}px`;
  setTimeout(() => box.remove(), 8000);
}

function svgTitle(text) {
  const t = document.createElementNS("http://www.w3.org/2000/svg", "title");
  t.textContent = text;
  return t;
}

export function closeMenu() {
  document.querySelectorAll(".popup").forEach((p) => p.remove());
}

function menu(matches, event, act) {
  closeMenu();
  const box = h("div", { class: "popup", role: "menu" },
    matches.map((m) => h("button", { type: "button", "data-action": m.action, role: "menuitem",
      class: m.action === hintedAction() ? "hinted" : undefined,
      onclick: (e) => { e.stopPropagation(); closeMenu(); act(m.action); } }, actionLabel(m))),
    h("button", { type: "button", onclick: closeMenu }, "Cancel"));
  document.body.append(box);
  const x = Math.min(event.clientX || 20, window.innerWidth - box.offsetWidth - 10);
  const y = Math.min(event.clientY || 20, window.innerHeight - box.offsetHeight - 10);
  box.style.left = `${Math.max(5, x)}px`;
  box.style.top = `${Math.max(5, y)}px`;
}

document.addEventListener("click", (event) => {
  if (!event.target.closest(".popup")) closeMenu();
});

/** The full list of legal actions as readable buttons, grouped by kind. */
export function actionButtons(legal, act) {
  const groups = new Map();
  for (const info of legal) {
    const kind = info.kind || "action";
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(info);
  }
  const out = [];
  for (const [kind, items] of groups) {
    const buttons = items.map((info) => h("button", { type: "button", "data-action": info.action, "data-kind": kind,
      onclick: () => act(info.action) }, actionLabel(info)));
    if (items.length > 6) {
      out.push(h("details", { class: "group" }, h("summary", {}, `${kind.replace(/_/g, " ")} (${items.length})`),
        buttons));
    } else {
      out.push(h("div", { class: "group" }, buttons));
    }
  }
  return out;
}
