// The keyboard, fully: Tab to a stack or a hand card; Enter picks up (a stack's top card, or the
// whole stack with Shift); the arrow keys choose where it goes (the seats, the other stacks, free
// places on a grid of the felt); Enter drops, Escape puts it back. F flips (Shift+F the whole
// stack), V shows the card large, M opens the stack's menu, Ctrl/Cmd+Z undoes.

import { shortName } from "/assets/cards.js";
import { cardHeight, cardWidth, clearDropMarks, describeStack, stackSize } from "/assets/table-felt.js";

const gridColumns = [60, 260, 460, 660, 860];
const gridRows = [60, 300, 520];

export class Keys {
  constructor({ state, felt, moves, menu, scene, say, showLarge }) {
    Object.assign(this, { state, felt, moves, menu, scene, say, showLarge });
    this.carrying = null;
    document.addEventListener("keydown", (event) => this.key(event));
  }

  // Where a carried thing can go: the seats, the stacks but its own, free places on the felt.
  targets(source) {
    const view = this.state.view;
    const list = view.seats.filter((seat) => seat.name).map((seat) => ({
      kind: seat.number === view.yourSeat ? "hand" : "seat", seat: seat.number,
      name: seat.number === view.yourSeat ? "your hand" : `${this.state.seatName(seat.number)}'s hand`,
    }));
    for (const stack of this.state.stacksInOrder()) {
      if (stack.id !== source) list.push({ kind: "stack", id: stack.id, name: `the stack ${describeStack(stack)}` });
    }
    for (const y of gridRows) {
      for (const x of gridColumns) {
        const taken = this.state.stacksInOrder().some((stack) => {
          const size = stackSize(stack);
          return x < stack.x + size.width && x + cardWidth > stack.x && y < stack.y + size.height && y + cardHeight > stack.y;
        });
        if (!taken) list.push({ kind: "felt", place: { x, y }, name: `a free place at ${x}, ${y}` });
      }
    }
    return list;
  }

  key(event) {
    if (event.target.closest("input, select, textarea, dialog, .menu, form")) return;
    const view = this.state.view;
    if (!view) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      if (view.yourSeat) this.moves.undo();
      return;
    }
    if (this.carrying) return this.carryKey(event);
    if (event.key === "+" || event.key === "=") return this.scene.zoomCentre(1.25);
    if (event.key === "-") return this.scene.zoomCentre(0.8);
    if (event.key === "0") return this.scene.fit();
    const stackElement = event.target.closest(".stack");
    const handCard = event.target.closest("#hand .card");
    if (!view.yourSeat || (!stackElement && !handCard)) return;
    const stack = stackElement && view.stacks.get(stackElement.dataset.id);
    const top = stack && stack.cards[stack.cards.length - 1];
    const key = event.key.toLowerCase();
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (handCard) return this.pickUp({ kind: "card", from: "hand", code: handCard.dataset.code }, shortName(handCard.dataset.code));
      if (!top) return;
      if (event.shiftKey) return this.pickUp({ kind: "stacks", ids: [stack.id], grabbed: stack.id }, "the whole stack");
      return this.pickUp({ kind: "card", from: stack.id, handle: top.handle }, top.code ? shortName(top.code) : "the top card");
    }
    if (key === "f" && stack && top) {
      event.preventDefault();
      return event.shiftKey ? this.moves.flipStack(stack.id) : this.moves.flipCard(stack.id, top.handle);
    }
    if (key === "v") {
      const code = handCard ? handCard.dataset.code : top && top.code;
      if (code) this.showLarge(code);
      return;
    }
    if ((key === "m" || event.key === "ContextMenu") && stack) {
      event.preventDefault();
      const box = stackElement.getBoundingClientRect();
      this.menu.open(stack.id, box.left + 10, box.top + 10);
    }
  }

  pickUp(what, name) {
    const source = what.kind === "card" ? (what.from === "hand" ? null : what.from) : what.grabbed;
    const targets = this.targets(source);
    this.carrying = { what, name, targets, index: 0, focus: document.activeElement };
    this.point(`Picked up ${name}: the arrows choose where it goes, Enter drops it, Escape puts it back. `);
  }

  point(preface = "") {
    const { targets, index } = this.carrying;
    clearDropMarks();
    const target = targets[index];
    if (!target) return;
    let element = null;
    if (target.kind === "stack") element = this.felt.stacks.get(target.id);
    else if (target.kind === "seat" || target.kind === "hand") element = document.querySelector(`.plate[data-seat="${target.seat}"]`);
    else {
      element = document.getElementById("spot");
      element.hidden = false;
      element.style.transform = `translate(${target.place.x}px, ${target.place.y}px)`;
    }
    if (target.kind !== "felt") document.getElementById("spot").hidden = true;
    element?.classList.add("drop-here");
    this.say(`${preface}Drop ${this.carrying.name} on ${target.name}? (${index + 1} of ${targets.length})`);
  }

  carryKey(event) {
    const carrying = this.carrying;
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
      event.preventDefault();
      const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      carrying.index = (carrying.index + step + carrying.targets.length) % carrying.targets.length;
      this.point();
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.end();
      this.say("Put back.");
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const target = carrying.targets[carrying.index];
      this.end();
      this.say(`Dropped ${carrying.name} on ${target.name}.`);
      const stack = carrying.what.kind === "stacks" ? this.state.view.stacks.get(carrying.what.grabbed) : null;
      const delta = stack && target.kind === "felt" ? { x: target.place.x - stack.x, y: target.place.y - stack.y } : null;
      const before = new Set(this.felt.stacks.keys());
      this.moves.drop(carrying.what, target, { place: target.place, delta, faceDown: this.moves.faceDown, handIndex: Infinity }).then(() => {
        // The keyboard stays with the card: on the stack it went to, a new stack, or the stack it left.
        if (document.activeElement && document.activeElement !== document.body) return;
        const made = [...this.felt.stacks.keys()].find((id) => !before.has(id));
        const id = target.kind === "stack" ? target.id : made || carrying.what.from || carrying.what.grabbed;
        (this.felt.stacks.get(id) || document.querySelector("#hand .card"))?.focus();
      });
    }
  }

  end() {
    clearDropMarks();
    document.getElementById("spot").hidden = true;
    const focus = this.carrying.focus;
    this.carrying = null;
    if (focus && focus.isConnected) focus.focus();
  }
}
