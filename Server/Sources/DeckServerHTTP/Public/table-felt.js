// The felt: every stack where the table says, its cards face up or down, drawn from our SVGs.
// Stacks are kept by id and cards by handle: a redraw leaves unchanged stacks alone (a changed
// stack's cards get new handles, so they are drawn anew), and never rebuilds a stack being
// dragged under the pointer.

import { backCode, isRed, shortName, showPicture, cardName } from "/assets/cards.js";

export const cardWidth = 90;                   // table units; our cards are 226 × 314
export const cardHeight = Math.round(cardWidth * 314 / 226);
const squaredShown = 3;                         // a squared stack draws its top cards only

// Where card `index` of `stack` lies, from the stack's corner.
export function cardOffset(stack, index) {
  if (stack.layout === "right") return { x: index * stack.step, y: 0 };
  if (stack.layout === "down") return { x: 0, y: index * stack.step };
  return { x: 0, y: 0 };
}

// The stack's extent in table units (before rotation).
export function stackSize(stack) {
  const last = cardOffset(stack, Math.max(0, stack.cards.length - 1));
  return { width: last.x + cardWidth, height: last.y + cardHeight };
}

// A stack in words, for screen readers: "face-down stack of 5", "7♥ on a spread of 3".
export function describeStack(stack, holderName) {
  const top = stack.cards[stack.cards.length - 1];
  const shape = stack.layout === "squared" ? "stack" : "spread";
  const count = stack.cards.length;
  let text;
  if (!top) text = `empty ${shape}`;
  else if (count === 1) text = top.code ? `${shortName(top.code)} (${cardName(top.code)}) alone` : "one face-down card";
  else if (top.code) text = `${shortName(top.code)} on a ${shape} of ${count}`;
  else text = `face-down ${shape} of ${count}`;
  if (stack.label) text = `${stack.label}: ${text}`;
  if (holderName) text += `, held by ${holderName}`;
  return text;
}

// Takes the "it goes here" mark off every stack, plate and place.
export function clearDropMarks() {
  for (const element of document.querySelectorAll(".drop-here")) element.classList.remove("drop-here");
}

// A card's element: the picture once loaded, its index in CSS until then.
// Table units a grip needs above a stack at fit: 44 CSS px to a finger on a phone, 22 to a mouse.
const gripRoom = matchMedia("(pointer: coarse)").matches ? 82 : 30;

export function makeCard(code) {
  const card = document.createElement("div");
  card.className = "card";
  setFace(card, code);
  return card;
}

export function setFace(card, code) {
  const face = code || backCode;
  if (card.dataset.face === face) return;
  card.dataset.face = face;
  card.classList.toggle("down", !code);
  card.classList.toggle("red", Boolean(code) && isRed(code));
  card.classList.remove("pictured");
  if (code) card.dataset.label = shortName(code);
  else delete card.dataset.label;
  showPicture(card, face);
}

export class Felt {
  constructor(element, state) {
    this.element = element;
    this.state = state;
    this.stacks = new Map();      // id → element
    this.selected = new Set();
    this.lifted = new Set();      // stacks this page is dragging: left alone by redraws
  }

  render() {
    const state = this.state;
    const seen = new Set();
    for (const stack of state.stacksInOrder()) {
      seen.add(stack.id);
      let element = this.stacks.get(stack.id);
      if (!element) {
        element = document.createElement("div");
        element.className = "stack";
        element.dataset.id = stack.id;
        element.tabIndex = 0;
        element.setAttribute("role", "button");
        const grip = document.createElement("span");
        grip.className = "grip";
        grip.setAttribute("aria-hidden", "true");
        element.append(grip);
        this.element.append(element);
        this.stacks.set(stack.id, element);
      }
      if (!this.lifted.has(stack.id)) this.draw(element, stack);
    }
    for (const [id, element] of this.stacks) {
      if (!seen.has(id)) {
        element.remove();
        this.stacks.delete(id);
        this.selected.delete(id);
      }
    }
    this.drawHolds();
  }

  draw(element, stack) {
    const holder = this.state.holder(stack.id);
    const mine = holder !== null && holder === this.state.view.yourSeat;
    element.style.zIndex = String(stack.z + 1);
    element.classList.toggle("spread", stack.layout !== "squared");
    element.classList.toggle("turned", stack.rotation === 90);
    element.classList.toggle("selected", this.selected.has(stack.id));
    element.classList.toggle("held", holder !== null && !mine);
    // Near the felt's far edge a grip above the stack would leave the screen at fit: it lies on
    // the stack's top edge instead.
    element.classList.toggle("grip-inside", stack.y < gripRoom);
    element.dataset.count = String(stack.cards.length);
    element.setAttribute("aria-label", describeStack(stack, holder !== null && !mine ? this.state.seatName(holder) : null));
    const size = stackSize(stack);
    element.style.width = `${size.width}px`;
    element.style.height = `${size.height}px`;
    const grip = element.querySelector(".grip");
    grip.textContent = stack.label ? `${stack.label} · ${stack.cards.length}` : String(stack.cards.length);
    // The cards: all of a spread, the top few of a squared stack.
    const first = stack.layout === "squared" ? Math.max(0, stack.cards.length - squaredShown) : 0;
    const wanted = stack.cards.slice(first);
    const existing = new Map([...element.querySelectorAll(":scope > .card")].map((card) => [card.dataset.handle, card]));
    let previous = grip;
    wanted.forEach((card, offset) => {
      const index = first + offset;
      let node = existing.get(card.handle);
      existing.delete(card.handle);
      if (!node) {
        node = makeCard(card.code);
        node.dataset.handle = card.handle;
      } else {
        setFace(node, card.code);
      }
      const at = cardOffset(stack, index);
      node.style.transform = `translate(${at.x}px, ${at.y}px)`;
      node.dataset.index = String(index);
      node.classList.toggle("top", index === stack.cards.length - 1);
      if (previous.nextSibling !== node) previous.after(node);
      previous = node;
    });
    for (const node of existing.values()) node.remove();
    element.classList.toggle("deep", stack.layout === "squared" && stack.cards.length > 1);
    this.drawFlying(element, stack, holder !== null && !mine ? this.state.drags.get(stack.id) : null);
  }

  // Another seat carrying this stack: the card it carries off the stack follows their pointer
  // (the drag's place is where they hold it), or the whole stack does; with no drag, all is
  // where the table says.
  drawFlying(element, stack, drag) {
    const turn = stack.rotation === 90 ? " rotate(90deg)" : "";
    const whole = drag && !drag.card;
    element.style.transform = `translate(${whole ? drag.x : stack.x}px, ${whole ? drag.y : stack.y}px)${turn}`;
    element.classList.toggle("flying", Boolean(whole));
    for (const node of element.querySelectorAll(":scope > .card.flying")) {
      if (drag && node.dataset.handle === drag.card) continue;
      const at = cardOffset(stack, Number(node.dataset.index));
      node.style.transform = `translate(${at.x}px, ${at.y}px)`;
      node.classList.remove("flying");
    }
    const carried = drag && drag.card ? element.querySelector(`:scope > .card[data-handle="${CSS.escape(drag.card)}"]`) : null;
    if (!carried) return;
    const at = cardOffset(stack, Number(carried.dataset.index));
    carried.style.transform = `translate(${at.x + drag.x - stack.x}px, ${at.y + drag.y - stack.y}px)`;
    carried.classList.add("flying");
  }

  // Others' holds and drags: a held stack shows its holder and follows their pointer.
  drawHolds(ids = null) {
    for (const [id, element] of this.stacks) {
      if (ids && !ids.includes(id)) continue;
      const stack = this.state.view.stacks.get(id);
      if (!stack || this.lifted.has(id)) continue;
      const holder = this.state.holder(id);
      const mine = holder !== null && holder === this.state.view.yourSeat;
      element.classList.toggle("held", holder !== null && !mine);
      if (holder !== null && !mine) element.dataset.holder = this.state.seatName(holder);
      else delete element.dataset.holder;
      this.drawFlying(element, stack, holder !== null && !mine ? this.state.drags.get(id) : null);
    }
  }

  select(ids, add = false) {
    if (!add) this.selected.clear();
    for (const id of ids) this.selected.add(id);
    for (const [id, element] of this.stacks) element.classList.toggle("selected", this.selected.has(id));
  }

  toggleSelected(id) {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
    this.stacks.get(id)?.classList.toggle("selected", this.selected.has(id));
  }

  // The stacks whose boxes meet the rectangle (table units).
  stacksIn(rect) {
    const found = [];
    for (const stack of this.state.stacksInOrder()) {
      const size = stackSize(stack);
      if (stack.x < rect.right && stack.x + size.width > rect.left && stack.y < rect.bottom && stack.y + size.height > rect.top) {
        found.push(stack.id);
      }
    }
    return found;
  }
}
