// Moving things with the mouse, touch or a pen (pointer events): a card from the hand or off
// the top of a stack (a ghost follows the pointer), whole stacks by their grip or while
// selected (the stacks themselves move), a rubber band on the felt, and where each lands. While
// a stack's card or the stack is carried, the stack is held for this seat and its place goes to
// the other seats 30 times a second. Drops become actions (see `Moves`); a refusal puts
// everything back, with the reason.

import { cardHeight, cardWidth, clearDropMarks, makeCard } from "/assets/table-felt.js";
import { attemptOf } from "/assets/table-refusals.js";

const threshold = 5;              // px a pointer moves before a press becomes a drag
const longPress = 550;            // ms a finger or pen rests on a stack to open its menu
const dragInterval = 1000 / 30;   // ms between two drag positions sent
const holdRenewal = 2000;         // ms between two renewals of a hold

// What is under the window point (x, y), ignoring the ghost: "hand", a seat, a stack, the felt.
export function dropTarget(x, y, { source = null } = {}) {
  for (const element of document.elementsFromPoint(x, y)) {
    if (element.closest(".ghost, .menu")) continue;
    if (element.closest("#hand")) return { kind: "hand" };
    const plate = element.closest(".plate");
    if (plate) return { kind: "seat", seat: Number(plate.dataset.seat) };
    const stack = element.closest(".stack");
    if (stack && stack.dataset.id !== source && !stack.classList.contains("lifted")) return { kind: "stack", id: stack.dataset.id };
    if (element.closest("#felt")) return { kind: "felt" };
    if (element.closest("#stage")) return null;
  }
  return null;
}

export class Dragging {
  // `moves` turns drops into actions; `onMenu(stackId, x, y)` opens a stack's menu.
  constructor({ stage, felt, hand, scene, state, table, moves, say, onMenu }) {
    Object.assign(this, { stage, felt, hand, scene, state, table, moves, say, onMenu });
    this.press = null;
    this.carry = null;
    this.band = null;
    this.lastTap = null;
    this.lastPointer = null;      // the kind of the last pointer pressed: "mouse", "pen" or "touch"
    for (const root of [stage, hand.element]) {
      root.addEventListener("pointerdown", (event) => this.down(event));
      root.addEventListener("contextmenu", (event) => {
        const stack = event.target.closest(".stack");
        if (!stack) return;
        event.preventDefault();
        this.cancelPress();
        this.onMenu(stack.dataset.id, event.clientX, event.clientY);
      });
      root.addEventListener("dblclick", (event) => this.doubleClick(event));
    }
    window.addEventListener("pointermove", (event) => this.move(event));
    window.addEventListener("pointerup", (event) => this.up(event));
    window.addEventListener("pointercancel", () => this.abandon());
    // A carry whose pointer-up may never come (the window lost focus, the tab was hidden) is
    // put back, so that no hold is renewed for good.
    window.addEventListener("blur", () => this.abandon());
    document.addEventListener("visibilitychange", () => { if (document.hidden) this.abandon(); });
    // A second finger makes a pinch of whatever the first one began.
    stage.addEventListener("pinchstart", () => this.abandon());
    window.addEventListener("keydown", (event) => { if (event.key === "Escape" && this.carry) this.abandon(); });
  }

  get seated() {
    return Boolean(this.state.view && this.state.view.yourSeat);
  }

  down(event) {
    this.lastPointer = event.pointerType;
    if (!this.seated || event.button > 0 || this.carry) return;
    // A second finger is the scene's pinch, not a press.
    if (event.pointerType === "touch" && (this.press || this.scene.pointers.size > 1)) {
      this.cancelPress();
      return;
    }
    const handCard = event.target.closest("#hand .card");
    const stackElement = event.target.closest(".stack");
    if (!handCard && !stackElement) {
      // A mouse or pen on the felt's background: a rubber band (touch pans the scene instead).
      if (event.pointerType !== "touch" && event.target.closest("#felt") && !event.target.closest(".plate")) this.startBand(event);
      return;
    }
    let what;
    if (handCard) {
      what = { kind: "card", from: "hand", code: handCard.dataset.code, element: handCard };
    } else {
      const id = stackElement.dataset.id;
      const holder = this.state.holder(id);
      if (holder !== null && holder !== this.state.view.yourSeat) {
        this.say(`${this.state.seatName(holder)} is moving that stack.`);
        return;
      }
      if (event.shiftKey) {
        this.felt.toggleSelected(id);
        return;
      }
      const card = event.target.closest(".card");
      const onGrip = Boolean(event.target.closest(".grip"));
      const wholeStack = onGrip || this.felt.selected.has(id) || !card || !card.classList.contains("top");
      what = wholeStack
        ? { kind: "stacks", ids: this.felt.selected.has(id) ? [...this.felt.selected] : [id], grabbed: id }
        : { kind: "card", from: id, handle: card.dataset.handle, element: card };
    }
    event.preventDefault();
    this.press = { what, x: event.clientX, y: event.clientY, pointer: event.pointerId, target: stackElement };
    if (stackElement && event.pointerType !== "mouse") {
      this.press.timer = setTimeout(() => {
        if (!this.press || this.carry) return;
        const id = stackElement.dataset.id;
        this.press = null;
        this.onMenu(id, event.clientX, event.clientY);
      }, longPress);
    }
  }

  cancelPress() {
    if (this.press && this.press.timer) clearTimeout(this.press.timer);
    this.press = null;
  }

  move(event) {
    if (this.band) return this.moveBand(event);
    if (this.scene.gesture && this.scene.gesture.kind === "pinch") return;
    if (this.press && event.pointerId === this.press.pointer && !this.carry) {
      if (Math.hypot(event.clientX - this.press.x, event.clientY - this.press.y) < threshold) return;
      const press = this.press;
      this.cancelPress();
      this.lift(press, event);
    }
    if (!this.carry || event.pointerId !== this.carry.pointer) return;
    this.follow(event.clientX, event.clientY);
  }

  // Starts carrying what was pressed.
  lift(press, event) {
    const { what } = press;
    const scale = this.scene.t.s;
    const carry = { what, pointer: event.pointerId, startX: press.x, startY: press.y, lastSent: 0, stackId: null };
    if (what.kind === "card") {
      const ghost = makeCard(what.code || this.codeOf(what));
      ghost.classList.add("ghost");
      ghost.style.width = `${cardWidth * scale}px`;
      ghost.style.height = `${cardHeight * scale}px`;
      document.body.append(ghost);
      what.element.classList.add("leaving");
      carry.ghost = ghost;
      // The point of the card that was taken, in table units from its corner: the ghost, at the
      // felt's size and turn, keeps that point under the pointer.
      carry.grip = this.pointOnCard(what, press);
      carry.stackId = what.from === "hand" ? null : what.from;
    } else {
      carry.start = new Map(what.ids.map((id) => [id, { ...this.state.view.stacks.get(id) }]));
      for (const id of what.ids) {
        this.felt.lifted.add(id);
        this.felt.stacks.get(id)?.classList.add("lifted");
      }
      carry.stackId = what.grabbed;
    }
    this.carry = carry;
    if (carry.stackId) this.holdStack(carry);
    this.follow(event.clientX, event.clientY);
  }

  // Where `press` fell on the card `what.element`, in table units from the card's top left
  // corner as the card lies (a felt card may be turned with the scene; a hand card never is).
  pointOnCard(what, press) {
    const box = what.element.getBoundingClientRect();
    const turned = what.from !== "hand" && this.scene.t.turned;
    const across = turned ? (press.y - box.top) / box.height : (press.x - box.left) / box.width;
    const down = turned ? (box.right - press.x) / box.width : (press.y - box.top) / box.height;
    const clamp = (n) => Math.min(1, Math.max(0, n));
    return { x: clamp(across) * cardWidth, y: clamp(down) * cardHeight };
  }

  codeOf(what) {
    const stack = this.state.view.stacks.get(what.from);
    const card = stack && stack.cards.find((c) => c.handle === what.handle);
    return card ? card.code : null;
  }

  // Holds the carried stack for this seat, renewed while carrying; a refusal drops the carry.
  holdStack(carry) {
    const hold = () => this.table.act("hold", { stack: carry.stackId }).then(() => {
      carry.held = true;
      // Granted after the drop: let go at once, or the stack stays held until its hold runs out.
      if (this.carry === carry) this.sendPlace(carry);
      else this.release(carry);
    }, (error) => {
      if (this.carry === carry) {
        this.abandon();
        this.moves.refused(error, attemptOf("hold", { stack: carry.stackId }));
      }
    });
    hold();
    carry.renewal = setInterval(hold, holdRenewal);
  }

  // Where the carried things are now (table units), and the place sent to the other seats.
  follow(clientX, clientY) {
    const carry = this.carry;
    let place;
    if (carry.what.kind === "card") {
      const offset = this.scene.toScreenDelta(carry.grip.x, carry.grip.y);
      const corner = { x: clientX - offset.x, y: clientY - offset.y };
      carry.ghost.style.transform = `translate(${corner.x}px, ${corner.y}px)${this.scene.t.turned ? " rotate(90deg)" : ""}`;
      place = this.scene.toTable(corner.x, corner.y);
    } else {
      const { x: dx, y: dy } = this.scene.toTableDelta(clientX - carry.startX, clientY - carry.startY);
      carry.delta = { x: dx, y: dy };
      for (const [id, start] of carry.start) {
        const element = this.felt.stacks.get(id);
        if (element) element.style.transform = `translate(${start.x + dx}px, ${start.y + dy}px)${start.rotation === 90 ? " rotate(90deg)" : ""}`;
      }
      const grabbed = carry.start.get(carry.what.grabbed);
      place = { x: grabbed.x + dx, y: grabbed.y + dy };
    }
    carry.place = place;
    const target = dropTarget(clientX, clientY, { source: carry.stackId });
    clearDropMarks();
    if (target && target.kind === "stack") this.felt.stacks.get(target.id)?.classList.add("drop-here");
    if (target && target.kind === "seat") document.querySelector(`.plate[data-seat="${target.seat}"]`)?.classList.add("drop-here");
    if (carry.stackId) this.sendPlace(carry);
  }

  // Sends where the carried stack is, at most 30 times a second and one request at a time: on a
  // slow link the newest place waits for the answer before, the ones between are never sent.
  // Nothing is sent once the carry has ended: the drop has moved the stack and let go of it.
  sendPlace(carry) {
    const now = performance.now();
    if (this.carry !== carry || carry.sending || !carry.held || now - carry.lastSent < dragInterval || carry.place === carry.sentPlace) return;
    carry.lastSent = now;
    carry.sentPlace = carry.place;
    const x = Math.min(1000, Math.max(0, carry.place.x));
    const y = Math.min(700, Math.max(0, carry.place.y));
    const place = { stack: carry.stackId, x: x.toFixed(1), y: y.toFixed(1) };
    if (carry.what.kind === "card") place.handle = carry.what.handle;
    carry.sending = this.table.act("drag", place).catch(() => {}).finally(() => {
      carry.sending = null;
      if (this.carry === carry) setTimeout(() => this.sendPlace(carry), Math.max(0, dragInterval - (performance.now() - carry.lastSent)));
    });
  }

  async up(event) {
    if (this.band) return this.endBand(event);
    if (this.press && event.pointerId === this.press.pointer) {
      // A tap: two on the same card of a stack within 350 ms flip it (a double tap on touch).
      const card = event.target.closest(".stack .card");
      const now = performance.now();
      if (event.pointerType === "touch" && card && this.lastTap && this.lastTap.card === card && now - this.lastTap.at < 350) {
        this.lastTap = null;
        this.moves.flipCard(card.closest(".stack").dataset.id, card.dataset.handle);
      } else {
        this.lastTap = card ? { card, at: now } : null;
      }
      this.cancelPress();
      return;
    }
    const carry = this.carry;
    if (!carry || event.pointerId !== carry.pointer) return;
    const target = dropTarget(event.clientX, event.clientY, { source: carry.stackId });
    const faceDown = event.altKey || this.moves.faceDown;
    this.finish(carry);
    // A place still on its way would reach the server after the drop and be refused.
    await carry.sending;
    await this.moves.drop(carry.what, target, {
      place: carry.place, delta: carry.delta, faceDown, handIndex: this.hand.indexAt(event.clientX, event.clientY),
    });
    this.release(carry);
  }

  // Lets go of the carried stack's hold, if it was granted and the stack is still there.
  release(carry) {
    if (carry.stackId && carry.held && this.state.view.stacks.has(carry.stackId)) {
      this.table.act("hold", { stack: carry.stackId, release: "true" }).catch(() => {});
    }
  }

  // Ends a carry: ghost gone, stacks back under the redraws' care (the action's answer, or the
  // view as it was, puts them where they belong).
  finish(carry) {
    clearInterval(carry.renewal);
    if (carry.ghost) carry.ghost.remove();
    if (carry.what.element) carry.what.element.classList.remove("leaving");
    clearDropMarks();
    if (carry.what.kind === "stacks") {
      for (const id of carry.start.keys()) {
        this.felt.lifted.delete(id);
        this.felt.stacks.get(id)?.classList.remove("lifted");
      }
    }
    this.carry = null;
  }

  abandon() {
    this.cancelPress();
    if (this.band) {
      this.band.element.remove();
      this.band = null;
    }
    const carry = this.carry;
    if (!carry) return;
    this.finish(carry);
    this.felt.render();
    // A place still on its way would reach the server after the release and be refused.
    Promise.resolve(carry.sending).then(() => this.release(carry));
  }

  // A double click of a mouse or pen flips the card. Chromium also sends one after a double tap,
  // which `up` has already flipped: that one is not a second request.
  doubleClick(event) {
    const card = event.target.closest(".stack .card");
    if (!card || !this.seated || this.lastPointer === "touch") return;
    this.moves.flipCard(card.closest(".stack").dataset.id, card.dataset.handle);
  }

  // Rubber band: a rectangle on the felt selects the stacks it meets (Shift adds to them).
  startBand(event) {
    const start = this.scene.toTable(event.clientX, event.clientY);
    const element = document.createElement("div");
    element.className = "band";
    this.felt.element.append(element);
    this.band = { start, element, add: event.shiftKey, pointer: event.pointerId };
    this.moveBand(event);
  }

  bandRect(event) {
    const point = this.scene.toTable(event.clientX, event.clientY);
    const { start } = this.band;
    return { left: Math.min(start.x, point.x), top: Math.min(start.y, point.y), right: Math.max(start.x, point.x), bottom: Math.max(start.y, point.y) };
  }

  moveBand(event) {
    if (event.pointerId !== this.band.pointer) return;
    const rect = this.bandRect(event);
    Object.assign(this.band.element.style, {
      transform: `translate(${rect.left}px, ${rect.top}px)`, width: `${rect.right - rect.left}px`, height: `${rect.bottom - rect.top}px`,
    });
  }

  endBand(event) {
    const rect = this.bandRect(event);
    this.band.element.remove();
    const small = rect.right - rect.left < 3 && rect.bottom - rect.top < 3;
    this.felt.select(small ? [] : this.felt.stacksIn(rect), this.band.add);
    this.band = null;
  }
}
