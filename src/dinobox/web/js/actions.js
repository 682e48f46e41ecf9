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
    const what = title || (matches.length === 1 ? actionLabel(matches[0]) : `${matches.length} choices`);
    // "Red dino 2 on tile 5, jungle"; a piece with several choices is named whatever it is
    const piece = element.getAttribute("data-name") || (matches.length > 1 && !title ? shownName(element) : "");
    const label = piece && !what.includes(piece) ? `${piece}: ${what}` : what;
    element.setAttribute("aria-label", label);
    if (isSvg) element.append(svgTitle(label));
    else element.title = label;
    const choose = (event) => {
      event.stopPropagation();
      if (matches.length === 1) act(matches[0].action);
      else menu(matches, event, act, element);
    };
    element.addEventListener("click", choose);
    // Enter acts as it goes down; Space as it comes up, as a button does (so the key's release
    // does not press the first line of the menu it opened)
    element.addEventListener("keydown", (event) => {
      if (event.key === " ") event.preventDefault();
      if (event.key === "Enter" && !event.repeat) { event.preventDefault(); choose(event); }
    });
    element.addEventListener("keyup", (event) => { if (event.key === " ") { event.preventDefault(); choose(event); } });
    return true;
  };
}

/** What a screen reader calls a piece the board did not name: its own label, its tooltip (an SVG
 * title) or the words it shows ("Plains ×1"), so that a menu's opener is never just "4 choices". */
function shownName(element) {
  const own = element.getAttribute("aria-label");
  if (own) return own;
  const tip = [...element.children].find((c) => c.tagName.toLowerCase() === "title");
  const text = tip ? tip.textContent : element instanceof SVGElement ? element.textContent : element.innerText;
  return String(text || "").replace(/\s+/g, " ").trim().slice(0, 80);
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
  (document.querySelector("main") || document.body).append(box); // inside a landmark
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

let opener = null; // the piece whose menu is open: focus goes back to it when the menu closes

export function closeMenu() {
  const back = opener;
  opener = null;
  const open = [...document.querySelectorAll(".popup")];
  const hadFocus = open.some((p) => p.contains(document.activeElement));
  open.forEach((p) => p.remove());
  if (back && hadFocus && back.isConnected) back.focus();
}

function menu(matches, event, act, element) {
  closeMenu();
  const label = element.getAttribute("aria-label") || "choices";
  const items = matches.map((m) => h("button", { type: "button", "data-action": m.action, role: "menuitem",
    class: m.action === hintedAction() ? "hinted" : undefined,
    onclick: (e) => { e.stopPropagation(); opener = null; closeMenu(); act(m.action); } }, actionLabel(m)));
  const cancel = h("button", { type: "button", role: "menuitem", onclick: (e) => { e.stopPropagation(); closeMenu(); } },
    "Cancel");
  const box = h("div", { class: "popup", role: "menu", "aria-label": label }, items, cancel);
  box.addEventListener("keydown", (e) => menuKeys(e, [...items, cancel]));
  (document.querySelector("main") || document.body).append(box); // inside a landmark
  const at = element.getBoundingClientRect();
  const x = Math.min(event.clientX || at.left + 10, window.innerWidth - box.offsetWidth - 10);
  const y = Math.min(event.clientY || at.bottom + 4, window.innerHeight - box.offsetHeight - 10);
  box.style.left = `${Math.max(5, x)}px`;
  box.style.top = `${Math.max(5, y)}px`;
  opener = element;
  items[0].focus();
}

// Arrows move between the lines, Escape closes the menu, Tab stays inside it.
function menuKeys(event, buttons) {
  const at = buttons.indexOf(document.activeElement);
  const step = { ArrowDown: 1, ArrowUp: -1, Home: -at, End: buttons.length - 1 - at }[event.key];
  if (event.key === "Escape") { event.preventDefault(); closeMenu(); return; }
  if (event.key === "Tab") {
    event.preventDefault();
    buttons[(at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length].focus();
    return;
  }
  if (step === undefined) return;
  event.preventDefault();
  buttons[(at + step + buttons.length) % buttons.length].focus();
}

// Keyboard focus lost when the page draws the table again goes to the same piece if it is still
// offered, else to the first choice on the board, else to the first listed choice.
let playing = null; // where keyboard focus last was on the board or the choices

export function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return playing; // lost with the nodes the page drew again
  const inside = !!el.closest("#board, #actions, .popup");
  playing = inside ? { offers: el.getAttribute("data-offers"), inside } : null;
  return playing;
}

export function restoreFocus(before) {
  if (!before || !before.inside) return;
  const el = document.activeElement;
  if (el && el !== document.body && el.isConnected) return;
  const same = before.offers ? [...document.querySelectorAll("#board [data-offers]")].find((e) => e.getAttribute("data-offers") === before.offers) : null;
  const next = same || document.querySelector("#board [data-offers]") || document.querySelector("#actions button[data-action]:not([disabled])")
    || document.getElementById("actions-panel");
  if (next) {
    next.focus();
    playing = { offers: next.getAttribute("data-offers"), inside: true };
  }
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
