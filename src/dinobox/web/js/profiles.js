// This browser's profile: its secret key (kept in localStorage, sent only to claim seats and to
// check it) and its public id and name. No password, no e-mail.
import { api } from "./api.js";
import { h, toast } from "./ui.js";

const KEY = "dinobox:profile";

/** {id, name, key} of this browser's profile, or null. */
export function myProfile() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || "null");
    return p && p.key && p.id ? p : null;
  } catch { return null; }
}

export function profileKey() {
  const p = myProfile();
  return p ? p.key : null;
}

export async function createProfile(name) {
  const made = await api("/api/profiles", { method: "POST", body: { name } });
  const p = { id: made.profile.id, name: made.profile.name, key: made.key };
  localStorage.setItem(KEY, JSON.stringify(p));
  return p;
}

export function forgetProfile() {
  localStorage.removeItem(KEY);
}

/** A rating as "mu ± sigma" (the ordinal mu - 3 sigma is what ladders sort by). */
export function ratingText(r) {
  return r ? `${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)}` : "—";
}

/** The lobby's profile line: who you play as, or a form to make a profile. */
export function profileBar(box, onChange) {
  const p = myProfile();
  if (p) {
    box.replaceChildren("Playing as ", h("a", { href: `/profile/${p.id}`, id: "my-profile-link" }, p.name),
      " (your profile) · ", h("a", { href: "/ratings" }, "Leaderboards"));
    return;
  }
  const input = h("input", { type: "text", id: "profile-name", maxlength: 40, placeholder: "a name others see" });
  const form = h("form", { id: "profile-form" }, "No profile yet: results are not kept. ",
    h("label", {}, "Name ", input), " ", h("button", { type: "submit" }, "Create my profile"),
    " · ", h("a", { href: "/ratings" }, "Leaderboards"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await createProfile(input.value); } catch (error) { toast(error.message); return; }
    profileBar(box, onChange);
    if (onChange) onChange();
  });
  box.replaceChildren(form);
}
