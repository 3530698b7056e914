// The zoomed and panned document: one transform (scale, a quarter turn on a portrait stage,
// then offset, in screen pixels) puts the scene's table units on the stage. Zoom to fit, the
// wheel (Ctrl or pinch-zoom on a trackpad: zoom; otherwise pan), two-finger pinch and
// one-finger pan on the background. Only the transform changes while zooming: nothing is
// redrawn.
//
// A portrait stage (a phone held upright, a tall window) shows the felt turned a quarter
// clockwise, its long side along the stage's: fitted unturned, a 1000 × 700 felt would fill
// half of a phone's stage, its cards under 40 px wide; turned, it fills the stage and a card
// is 50 px wide at 390 px. The page sets two properties on the scene for its styles: `--px`,
// table units per CSS pixel (what keeps a count or a name readable at any zoom), and on the
// document `--felt-card`, a felt card's width at fit (the hand's cards are never larger).

import { cardWidth } from "/assets/table-felt.js";

// The scene's box in table units: the felt (0–1000 × 0–700) and a margin.
export const bounds = { left: -8, top: -8, right: 1008, bottom: 708 };

const minimumScale = 0.2;
const maximumScale = 8;
const round = (n) => Math.round(n * 1000) / 1000;
const midpoint = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);

export class Scene {
  constructor(stage, content) {
    this.stage = stage;
    this.content = content;
    this.t = { s: 1, x: 0, y: 0, turned: false };
    this.fitted = true;
    this.pointers = new Map();
    this.gesture = null;
    stage.addEventListener("pointerdown", (event) => this.pointerDown(event));
    window.addEventListener("pointermove", (event) => this.pointerMove(event));
    for (const name of ["pointerup", "pointercancel"]) window.addEventListener(name, (event) => this.pointerUp(event));
    stage.addEventListener("wheel", (event) => this.wheel(event), { passive: false });
    // Fitted, a new size fits again; zoomed, only a turn of the stage (portrait to landscape
    // or back) does, since the zoom no longer makes sense.
    new ResizeObserver(() => {
      if (this.fitted || this.portrait !== this.t.turned) this.fit();
    }).observe(stage);
  }

  get portrait() {
    return this.stage.clientHeight > this.stage.clientWidth;
  }

  set(next) {
    const turned = next.turned ?? this.t.turned;
    this.t = { s: round(next.s), x: round(next.x), y: round(next.y), turned };
    const { s, x, y } = this.t;
    // Turned: table x runs down the screen, table y right to left.
    this.content.style.transform = turned ? `matrix(0, ${s}, ${-s}, 0, ${x}, ${y})` : `matrix(${s}, 0, 0, ${s}, ${x}, ${y})`;
    this.content.style.setProperty("--px", String(round(1 / s)));
    this.content.dataset.scale = String(s);
    this.content.dataset.turned = String(turned);
    this.stage.dispatchEvent(new CustomEvent("scenechange"));
  }

  // The whole scene in the stage, centred; turned when the stage is portrait.
  fit() {
    const width = this.stage.clientWidth;
    const height = this.stage.clientHeight;
    if (!width || !height) return;
    const turned = height > width;
    const w = bounds.right - bounds.left;
    const h = bounds.bottom - bounds.top;
    this.fitted = true;
    if (turned) {
      const s = Math.min(width / h, height / w);
      this.set({ s, turned, x: (width - h * s) / 2 + bounds.bottom * s, y: (height - w * s) / 2 - bounds.left * s });
    } else {
      const s = Math.min(width / w, height / h);
      this.set({ s, turned, x: (width - w * s) / 2 - bounds.left * s, y: (height - h * s) / 2 - bounds.top * s });
    }
    document.documentElement.style.setProperty("--felt-card", `${Math.floor(cardWidth * this.t.s)}px`);
  }

  // Zooms by `factor` keeping the stage point (px, py) where it is.
  zoomAbout(factor, px, py) {
    const s = Math.min(maximumScale, Math.max(minimumScale, this.t.s * factor));
    const k = s / this.t.s;
    this.fitted = false;
    this.set({ s, x: px - (px - this.t.x) * k, y: py - (py - this.t.y) * k });
  }

  // Zooms by `factor` about the middle of the stage (the buttons and the keys).
  zoomCentre(factor) {
    this.zoomAbout(factor, this.stage.clientWidth / 2, this.stage.clientHeight / 2);
  }

  panBy(dx, dy) {
    this.fitted = false;
    this.set({ s: this.t.s, x: this.t.x + dx, y: this.t.y + dy });
  }

  // A point of the window (clientX, clientY) in table units.
  toTable(clientX, clientY) {
    const box = this.stage.getBoundingClientRect();
    const u = (clientX - box.left - this.t.x) / this.t.s;
    const v = (clientY - box.top - this.t.y) / this.t.s;
    return this.t.turned ? { x: v, y: -u } : { x: u, y: v };
  }

  // A move of the pointer by (dx, dy) window pixels, in table units.
  toTableDelta(dx, dy) {
    const { s, turned } = this.t;
    return turned ? { x: dy / s, y: -dx / s } : { x: dx / s, y: dy / s };
  }

  // A vector of table units (a card's corner from its origin) in window pixels.
  toScreenDelta(x, y) {
    const { s, turned } = this.t;
    return turned ? { x: -y * s, y: x * s } : { x: x * s, y: y * s };
  }

  stagePoint(event) {
    const box = this.stage.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  // Pans and pinches start on the background: anything a player can pick up, press or type
  // into is not background, and a mouse on the felt draws a selection instead.
  isBackground(event) {
    if (event.target.closest(".stack, .card, .plate, button, input, select, a, .panel, dialog, .menu")) return false;
    return event.pointerType === "touch" || !event.target.closest("#felt");
  }

  pointerDown(event) {
    // Every finger counts towards a pinch, wherever it lands; one finger pans only from the
    // background (on a card it drags the card).
    const background = this.isBackground(event);
    if (!background && event.pointerType !== "touch" && this.pointers.size === 0) return;
    this.pointers.set(event.pointerId, this.stagePoint(event));
    if (this.pointers.size === 1) {
      this.gesture = background ? { kind: "pan", last: this.stagePoint(event) } : null;
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: "pinch", centre: midpoint(a, b), gap: distance(a, b) };
      this.stage.dispatchEvent(new CustomEvent("pinchstart"));
    }
  }

  pointerMove(event) {
    if (!this.pointers.has(event.pointerId)) return;
    this.pointers.set(event.pointerId, this.stagePoint(event));
    if (!this.gesture) return;
    if (this.gesture.kind === "pan") {
      const point = this.stagePoint(event);
      this.panBy(point.x - this.gesture.last.x, point.y - this.gesture.last.y);
      this.gesture.last = point;
    } else if (this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const centre = midpoint(a, b);
      const gap = distance(a, b);
      this.panBy(centre.x - this.gesture.centre.x, centre.y - this.gesture.centre.y);
      if (this.gesture.gap > 0) this.zoomAbout(gap / this.gesture.gap, centre.x, centre.y);
      this.gesture = { kind: "pinch", centre, gap };
    }
  }

  pointerUp(event) {
    if (!this.pointers.delete(event.pointerId)) return;
    if (this.pointers.size === 1) {
      this.gesture = { kind: "pan", last: [...this.pointers.values()][0] };
    } else if (this.pointers.size === 0) {
      this.gesture = null;
    }
  }

  wheel(event) {
    if (event.target.closest("#hand, dialog, .menu, .panel")) return;
    event.preventDefault();
    const point = this.stagePoint(event);
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    if (event.ctrlKey || event.metaKey) {
      this.zoomAbout(Math.exp(-event.deltaY * unit / 300), point.x, point.y);
    } else {
      this.panBy(-event.deltaX * unit, -event.deltaY * unit);
    }
  }
}
