// What a drop, a menu item or a key does: one action of the felt, one at a time, in the order
// chosen. Its answer is shown at once; a refusal is said in words and the table shown as the
// server has it now (a 409 carries it), so nothing is left where it did not go.

import { cardWidth } from "/assets/table-felt.js";
import { attemptOf, refusalWords } from "/assets/table-refusals.js";

const clampX = (x) => Math.round(Math.min(1000, Math.max(0, x)));
const clampY = (y) => Math.round(Math.min(700, Math.max(0, y)));

export class Moves {
  constructor({ table, state, felt, say }) {
    Object.assign(this, { table, state, felt, say });
    this.queue = Promise.resolve();
    this.faceDown = false;        // the toolbar's toggle: cards played from the hand go face down
    this.flipping = new Map();    // "stack handle" → the flip of that card on its way
  }

  // Runs one action after the ones before it; answers its answer, or null when refused.
  run(name, parameters, success = null) {
    const next = this.queue.then(async () => {
      try {
        const answer = await this.table.act(name, parameters);
        this.state.setView(answer);
        if (success) this.say(success);
        return answer;
      } catch (error) {
        await this.refused(error, attemptOf(name, parameters));
        return null;
      }
    });
    this.queue = next;
    return next;
  }

  // Shows the table as it is after a refusal (a 409 carries it; after a 404 it is asked for),
  // then says what happened in the player's words.
  async refused(error, attempt) {
    if (error.table) {
      this.state.setView(error.table);
    } else if (error.status === 404 || error.status === 409) {
      try {
        this.state.setView(await this.table.view());
      } catch (again) {
        error.tableGone = again.status === 404;
      }
    }
    this.felt.render();
    this.say(refusalWords(error, attempt, this.state));
  }

  // A drop of `what` (a card from the hand or a stack, or whole stacks) on `target`.
  drop(what, target, { place, delta, faceDown, handIndex }) {
    const you = this.state.view.yourSeat;
    if (!target) {
      this.felt.render();
      return Promise.resolve(null);
    }
    if (what.kind === "stacks") {
      if (target.kind === "felt" || (target.kind === "stack" && what.ids.includes(target.id))) {
        return this.arrangeAll(what.ids, delta);
      }
      const id = what.grabbed;
      const count = this.state.view.stacks.get(id)?.cards.length || 0;
      if (target.kind === "stack") return this.run("move", { from: id, count, to: target.id });
      if (target.kind === "seat" || target.kind === "hand") {
        return this.run("move", { from: id, count, to: "hand", seat: target.kind === "seat" ? target.seat : you });
      }
      this.felt.render();
      return Promise.resolve(null);
    }
    const from = what.from === "hand" ? { from: "hand", cards: what.code } : { from: what.from, handles: what.handle };
    if (target.kind === "hand") {
      if (what.from === "hand") {
        this.state.reorderHand(what.code, handIndex);
        return Promise.resolve(null);
      }
      return this.run("move", { ...from, to: "hand", seat: you });
    }
    if (target.kind === "seat") {
      return this.run("move", { ...from, to: "hand", seat: target.seat }, target.seat === you ? null : `Passed to ${this.state.seatName(target.seat)}.`);
    }
    if (target.kind === "stack") {
      return this.run("move", { ...from, to: target.id, face: what.from === "hand" ? (faceDown ? "down" : "up") : "keep" });
    }
    const face = what.from === "hand" ? (faceDown ? "down" : "up") : "keep";
    return this.run("move", { ...from, to: "new", x: clampX(place.x), y: clampY(place.y), face });
  }

  // Moves each stack by `delta`, one action each (all of them or, after a refusal, those before).
  async arrangeAll(ids, delta) {
    for (const id of ids) {
      const stack = this.state.view.stacks.get(id);
      if (!stack || !delta) continue;
      const answer = await this.run("arrange", { stack: id, x: clampX(stack.x + delta.x), y: clampY(stack.y + delta.y) });
      if (!answer) break;
    }
    this.felt.render();
  }

  // Flips one card. A flip of the same card while one is on its way is the same wish (a key
  // held down, a tap landing twice), not a second request the server would refuse.
  flipCard(stack, handle) {
    const key = `${stack} ${handle}`;
    const pending = this.flipping.get(key);
    if (pending) return pending;
    const flip = this.run("flip", { stack, handle }).finally(() => this.flipping.delete(key));
    this.flipping.set(key, flip);
    return flip;
  }

  flipStack(stack) {
    return this.run("flip", { stack });
  }

  layout(stack, layout) {
    return this.run("arrange", layout === "squared" ? { stack, layout } : { stack, layout, step: layout === "right" ? 24 : 28 });
  }

  split(stack, count) {
    const from = this.state.view.stacks.get(stack);
    if (!from) return null;
    return this.run("split", { stack, count, x: clampX(from.x + cardWidth + 24), y: clampY(from.y) });
  }

  deal(stack, count) {
    return this.run("deal", { from: stack, count }, `Dealt ${count} to each seat.`);
  }

  shuffle(stack) {
    return this.run("shuffle", { stack }, "Shuffled.");
  }

  toFront(stack) {
    return this.run("arrange", { stack, to_front: "true" });
  }

  gather() {
    return this.run("gather", {}, "Every card is back in the deck, face down.");
  }

  // Looks at a stack's face-down cards: shown to this seat alone; the others hear that it looked.
  peek(stack) {
    const next = this.queue.then(async () => {
      try {
        const answer = await this.table.act("peek", { stack });
        this.state.setView(answer);
        return (answer.peeked || []).map((card) => card.code);
      } catch (error) {
        await this.refused(error, attemptOf("peek", { stack }));
        return null;
      }
    });
    this.queue = next;
    return next;
  }

  // Shows this seat's hand to the table, or hides it again.
  showHand(shown) {
    return this.run("show", { shown: String(shown) }, shown ? "Everyone at the table sees your hand." : "Your hand is private again.");
  }

  undo() {
    return this.run("undo", {}, "Undone.");
  }
}
