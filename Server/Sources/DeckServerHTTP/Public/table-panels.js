// The table page's panels: the form that starts or joins a table (with the shipped layouts or a
// file), the Share menu (invite and watch links), the felt's colour and background (with loading
// and failure states, never a broken image), the seeded-deck warning, and a card shown large.

import { cardName, picture } from "/assets/cards.js";
import { refusalWords } from "/assets/table-refusals.js";

const $ = (id) => document.getElementById(id);

// "new" at /table, "join" at /table/<id>, "missing" for a table the server does not know.
export class JoinForm {
  constructor({ onSubmit }) {
    this.form = $("join");
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      onSubmit({
        mode: this.form.dataset.mode, name: $("name").value.trim(), seats: $("seats-wanted").value,
        layout: $("layout").value, file: $("layout-file").files[0] || null,
      });
    });
    $("layout").addEventListener("change", () => { $("layout-file-row").hidden = $("layout").value !== "file"; });
  }

  show(mode, { text = "", error = "" } = {}) {
    this.form.dataset.mode = mode;
    this.form.hidden = false;
    const fresh = mode !== "join";
    $("join-title").textContent = mode === "join" ? "Join this table" : mode === "missing" ? "No table here" : "A new table";
    $("join-button").textContent = mode === "join" ? "Join table" : "New table";
    $("join-text").textContent = text || (mode === "missing"
      ? "This table does not exist (or it idled out). Start a new one?"
      : fresh ? "Pick a name: you get seat 1 and a link to invite the others." : "Pick a name to sit down.");
    for (const id of ["seats-row", "layout-row"]) $(id).hidden = !fresh;
    $("layout-file-row").hidden = !fresh || $("layout").value !== "file";
    this.error(error);
  }

  hide() {
    this.form.hidden = true;
  }

  error(message) {
    $("join-error").textContent = message;
  }

  set busy(on) {
    $("join-button").disabled = on;
  }
}

// The creator's Share menu: the invite link (take a seat) and a watch link (see, live, no hand).
export class ShareMenu {
  constructor({ table, say }) {
    this.table = table;
    this.say = say;
    this.panel = $("share-panel");
    $("share").addEventListener("click", () => { this.panel.hidden = !this.panel.hidden; });
    $("make-watch").addEventListener("click", () => this.makeWatchLink());
    $("share-close").addEventListener("click", () => {
      this.panel.hidden = true;
      $("share").focus();
    });
    for (const button of this.panel.querySelectorAll("[data-copy]")) {
      button.addEventListener("click", () => this.copy($(button.dataset.copy)));
    }
  }

  show(tableId, isCreator, watch) {
    $("share").hidden = false;
    $("invite-link").value = `${location.origin}/table/${encodeURIComponent(tableId)}`;
    $("watch-row").hidden = !isCreator;
    if (watch && watch.key) $("watch-link").value = `${location.origin}/table/watch/${encodeURIComponent(watch.key)}`;
  }

  // Copies a link. The Clipboard API exists only on secure pages (HTTPS or localhost): on a
  // table served over plain HTTP on a home network the link is selected and copied the old way,
  // or left selected for the player to copy.
  copy(input) {
    const selectIt = () => {
      input.focus();
      input.select();
      let copied = false;
      try {
        copied = document.execCommand("copy");
      } catch {
        copied = false;
      }
      this.say(copied ? "Copied." : "The link is selected: copy it from there.");
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(() => this.say("Copied."), selectIt);
    } else {
      selectIt();
    }
  }

  hide() {
    $("share").hidden = true;
    this.panel.hidden = true;
  }

  async makeWatchLink() {
    try {
      const answer = await this.table.act("watch");
      $("watch-link").value = `${location.origin}/table/watch/${encodeURIComponent(answer.watch.key)}`;
      this.say("A new watch link: the old one no longer shows the table.");
    } catch (error) {
      this.say(refusalWords(error, { action: "watch" }));
    }
  }
}

// The felt's look: its colour, and the background image once it has loaded (until then, and if
// it fails, the colour alone, with a note).
export class FeltLook {
  constructor({ table, state, say, felt }) {
    Object.assign(this, { table, state, say, felt });
    this.shown = null;
    $("felt-colour").addEventListener("change", () => this.setColour($("felt-colour").value));
    $("background-file").addEventListener("change", () => {
      const file = $("background-file").files[0];
      if (file) this.upload(file);
      $("background-file").value = "";
    });
    felt.addEventListener("dragover", (event) => {
      if (this.isCreator && [...event.dataTransfer.types].includes("Files")) {
        event.preventDefault();
        felt.classList.add("file-over");
      }
    });
    felt.addEventListener("dragleave", () => felt.classList.remove("file-over"));
    felt.addEventListener("drop", (event) => {
      felt.classList.remove("file-over");
      const file = event.dataTransfer.files[0];
      if (!file || !this.isCreator) return;
      event.preventDefault();
      this.upload(file);
    });
  }

  get isCreator() {
    const view = this.state.view;
    return Boolean(view && view.yourSeat && view.yourSeat === view.creatorSeat);
  }

  render() {
    const view = this.state.view;
    $("look").hidden = !this.isCreator;
    const look = view ? view.felt : {};
    if (look.colour) this.felt.style.setProperty("--felt", look.colour);
    else this.felt.style.removeProperty("--felt");
    if (look.colour && $("felt-colour").value !== look.colour) $("felt-colour").value = look.colour;
    if ((look.background || null) === this.shown) return;
    this.shown = look.background || null;
    if (!look.background) {
      this.felt.style.removeProperty("--background");
      this.felt.classList.remove("pictured", "loading");
      return;
    }
    const url = look.background;
    this.felt.classList.add("loading");
    const image = new Image();
    image.onload = () => {
      if (this.shown !== url) return;
      this.felt.classList.remove("loading");
      this.felt.classList.add("pictured");
      this.felt.style.setProperty("--background", `url("${url}")`);
    };
    image.onerror = () => {
      if (this.shown !== url) return;
      this.felt.classList.remove("loading", "pictured");
      this.say("The background image could not be loaded: the felt keeps its colour.");
    };
    image.src = url;
  }

  async setColour(colour) {
    try {
      this.state.setView(await this.table.act("colour", { colour }));
    } catch (error) {
      this.say(refusalWords(error, { action: "colour" }, this.state));
    }
  }

  async upload(file) {
    if (!/^image\/(png|jpeg)$/.test(file.type)) {
      this.say(`${file.name} is not a PNG or JPEG image: pick one of those.`);
      return;
    }
    if (file.size > 4 * 1024 * 1024) {
      this.say(`${file.name} is too large: a background may be up to 4 MiB.`);
      return;
    }
    this.say(`Uploading ${file.name}…`);
    this.felt.classList.add("loading");
    try {
      this.state.setView(await this.table.upload(file));
      this.say("The new background is on the table.");
    } catch (error) {
      this.felt.classList.remove("loading");
      this.say(refusalWords(error, { action: "background" }, this.state));
    }
  }
}

// The warning every seat sees while the deck's order is known to whoever chose its seed.
export function showSeeded(seeded) {
  $("seeded").hidden = !seeded;
}

// A card shown large: our SVG, sharp at any size, to look at its court art: the wheel or a
// pinch zooms it (up to 6×).
export class LargeCard {
  constructor() {
    this.dialog = $("card-view");
    this.image = $("card-large");
    this.zoom = 1;
    this.fingers = new Map();
    this.dialog.addEventListener("wheel", (event) => {
      event.preventDefault();
      this.zoomBy(Math.exp(-event.deltaY / 300));
    }, { passive: false });
    const frame = $("card-frame");
    frame.addEventListener("pointerdown", (event) => this.fingers.set(event.pointerId, event));
    frame.addEventListener("pointermove", (event) => {
      if (!this.fingers.has(event.pointerId)) return;
      const before = [...this.fingers.values()];
      this.fingers.set(event.pointerId, event);
      if (before.length !== 2) return;
      const gap = (points) => Math.hypot(points[0].clientX - points[1].clientX, points[0].clientY - points[1].clientY);
      const was = gap(before);
      if (was > 0) this.zoomBy(gap([...this.fingers.values()]) / was);
    });
    for (const name of ["pointerup", "pointercancel"]) frame.addEventListener(name, (event) => this.fingers.delete(event.pointerId));
  }

  zoomBy(factor) {
    this.zoom = Math.min(6, Math.max(1, this.zoom * factor));
    this.image.style.transform = `scale(${this.zoom})`;
  }

  async show(code) {
    $("card-view-title").textContent = cardName(code);
    this.zoom = 1;
    this.image.style.transform = "";
    this.image.alt = cardName(code);
    this.image.src = await picture(code).catch(() => "");
    if (!this.dialog.open) this.dialog.showModal();
  }
}
