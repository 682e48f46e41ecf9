// Turn alerts: the tab's title and icon say when it is your move; an optional sound; a browser
// notification while the page is hidden, if the person allowed it.
const ICON = "/static/dino.svg";
const YOUR_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#d9480f"/>'
  + '<path fill="#fff" d="M24 16 L48 32 L24 48 Z"/></svg>');
const SOUND_KEY = "dinobox.turn-sound";
let yours = false;
let baseTitle = document.title;

export function setupAlerts() {
  const sound = document.getElementById("turn-sound");
  sound.checked = localStorage.getItem(SOUND_KEY) === "1";
  sound.addEventListener("change", () => localStorage.setItem(SOUND_KEY, sound.checked ? "1" : "0"));
  const allow = document.getElementById("allow-notify");
  allow.hidden = !("Notification" in window) || Notification.permission !== "default";
  allow.addEventListener("click", async () => {
    await Notification.requestPermission();
    allow.hidden = Notification.permission !== "default";
  });
}

export function setTitle(title) {
  baseTitle = title;
  document.title = yours ? `▶ Your move · ${baseTitle}` : baseTitle;
}

/** Call with every picture: ``mine`` is whether a seat of this page is to choose now. */
export function turnAlert(mine, what) {
  if (mine === yours) return;
  yours = mine;
  document.title = mine ? `▶ Your move · ${baseTitle}` : baseTitle;
  const icon = document.querySelector("link[rel=icon]");
  icon.type = "image/svg+xml";
  icon.href = mine ? YOUR_ICON : ICON;
  document.body.dataset.yourMove = mine ? "1" : "";
  if (!mine) return;
  if (localStorage.getItem(SOUND_KEY) === "1") beep();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification("dinobox: your move", { body: what, icon: ICON, tag: "dinobox-turn" });
  }
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.18);
  } catch (error) { /* no sound on this browser */ }
}
