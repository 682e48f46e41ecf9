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

/** Forget the profile on this browser only: nothing is deleted on the server, the key brings it back. */
export function forgetProfile() {
  localStorage.removeItem(KEY);
}

/** "Use my profile on this browser": the key made elsewhere, checked by the server. */
export async function useProfileKey(key) {
  const found = await api("/api/profiles/me", { method: "POST", body: { key: key.trim() } });
  const p = { id: found.profile.id, name: found.profile.name, key: key.trim() };
  localStorage.setItem(KEY, JSON.stringify(p));
  return p;
}

export async function renameProfile(name) {
  const p = myProfile();
  const done = await api("/api/profiles/me/name", { method: "POST", body: { key: p.key, name } });
  localStorage.setItem(KEY, JSON.stringify({ ...p, name: done.profile.name }));
  return done.profile;
}

/** The key, shown once right after the profile is made: a copy button and a warning. */
export function keyOnce(key) {
  const field = h("input", { type: "text", id: "profile-key", readonly: true, value: key, size: 34,
    onclick: (e) => e.target.select() });
  const copy = h("button", { type: "button", id: "copy-key" }, "Copy the key");
  copy.addEventListener("click", async () => {
    field.select();
    try { await navigator.clipboard.writeText(key); } catch { document.execCommand("copy"); }
    copy.textContent = "Copied";
  });
  return h("div", { class: "key-once", id: "key-once", role: "alert" },
    h("p", {}, h("strong", {}, "Your profile key: "), field, " ", copy),
    h("p", { class: "warning" }, "Keep it somewhere safe. It is shown only this once, and it is the only way to use "
      + "this profile on another browser or to get it back here. Anyone holding it can play as you."));
}

/** A form: paste the key of a profile made on another browser. */
export function useKeyForm(onDone) {
  const input = h("input", { type: "text", id: "use-key", placeholder: "your profile key",
    autocomplete: "off" });
  const form = h("form", { id: "use-key-form" }, h("label", {}, "Use my profile on this browser: ", input), " ",
    h("button", { type: "submit" }, "Use this key"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { onDone(await useProfileKey(input.value)); } catch (error) { toast(error.message); }
  });
  return form;
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
    let made;
    try { made = await createProfile(input.value); } catch (error) { toast(error.message); return; }
    profileBar(box, onChange);
    box.append(keyOnce(made.key));
    if (onChange) onChange();
  });
  box.replaceChildren(form, useKeyForm(() => { profileBar(box, onChange); if (onChange) onChange(); }));
}
