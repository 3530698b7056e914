// A stack's menu (right-click, or a long press on touch): flip, shuffle, lay out, split, deal,
// peek, bring to front, show large. Keyboard: the arrows move through it, Escape closes it.

import { shortName } from "/assets/cards.js";

export class StackMenu {
  constructor({ element, state, moves, say, showLarge }) {
    Object.assign(this, { element, state, moves, say, showLarge });
    this.stack = null;
    element.addEventListener("click", (event) => this.choose(event));
    element.addEventListener("keydown", (event) => this.key(event));
    document.addEventListener("pointerdown", (event) => {
      if (!this.element.hidden && !event.target.closest(".menu")) this.close();
    });
  }

  open(id, x, y) {
    const stack = this.state.view && this.state.view.stacks.get(id);
    if (!stack || !this.state.view.yourSeat) return;
    this.stack = id;
    this.returnFocus = document.activeElement;
    const top = stack.cards[stack.cards.length - 1];
    // The card the menu names is the one its items act on, even if the stack changes meanwhile.
    this.top = top;
    const seats = this.state.view.seats.filter((seat) => seat.name).length;
    const items = [
      ["flip-card", top ? `Flip ${top.code ? shortName(top.code) : "the top card"}` : null],
      ["flip-stack", stack.cards.length > 1 ? "Flip the stack" : null],
      ["shuffle", stack.cards.length > 1 ? "Shuffle" : null],
      ["right", stack.layout !== "right" ? "Spread right" : null],
      ["down", stack.layout !== "down" ? "Spread down" : null],
      ["squared", stack.layout !== "squared" ? "Square up" : null],
      ["split", stack.cards.length > 1 ? "Split off" : null, Math.floor(stack.cards.length / 2)],
      ["deal", stack.cards.length >= seats ? "Deal to each seat" : null, Math.max(1, Math.min(5, Math.floor(stack.cards.length / Math.max(1, seats))))],
      ["peek", stack.cards.some((card) => !card.code) ? "Peek" : null],
      ["front", "Bring to front"],
      ["large", top && top.code ? "Show large (V)" : null],
    ];
    this.element.replaceChildren(...items.filter(([, label]) => label).map(([action, label, count]) => {
      const row = document.createElement("div");
      row.className = "item";
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = action;
      button.setAttribute("role", "menuitem");
      button.textContent = label;
      row.append(button);
      if (count !== undefined) {
        const input = document.createElement("input");
        input.type = "number";
        input.min = "1";
        input.max = String(stack.cards.length);
        input.value = String(count);
        input.setAttribute("aria-label", action === "split" ? "How many cards to split off the top" : "How many cards to each seat");
        row.append(input);
      }
      return row;
    }));
    this.element.hidden = false;
    const box = this.element.getBoundingClientRect();
    this.element.style.left = `${Math.max(4, Math.min(x, innerWidth - box.width - 4))}px`;
    this.element.style.top = `${Math.max(4, Math.min(y, innerHeight - box.height - 4))}px`;
    this.element.querySelector("button")?.focus();
  }

  close() {
    const wasOpen = !this.element.hidden;
    this.element.hidden = true;
    this.stack = null;
    if (wasOpen && this.returnFocus && this.returnFocus.isConnected && this.element.contains(document.activeElement)) this.returnFocus.focus();
  }

  async choose(event) {
    const button = event.target.closest("button");
    if (!button || !this.stack) return;
    const id = this.stack;
    const count = Number(button.parentElement.querySelector("input")?.value || 0);
    const top = this.top;
    this.close();
    this.returnFocus?.focus?.();
    switch (button.dataset.action) {
      case "flip-card": return top && this.moves.flipCard(id, top.handle);
      case "flip-stack": return this.moves.flipStack(id);
      case "shuffle": return this.moves.shuffle(id);
      case "right": case "down": case "squared": return this.moves.layout(id, button.dataset.action);
      case "split": return this.moves.split(id, count);
      case "deal": return this.moves.deal(id, count);
      case "front": return this.moves.toFront(id);
      case "large": return top && top.code && this.showLarge(top.code);
      case "peek": {
        const faces = await this.moves.peek(id);
        if (faces) this.say(peekWords(faces));
        return null;
      }
      default: return null;
    }
  }

  key(event) {
    const buttons = [...this.element.querySelectorAll("button")];
    const index = buttons.indexOf(document.activeElement);
    if (event.key === "Escape") {
      this.close();
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && event.target.tagName !== "INPUT") {
      event.preventDefault();
      const next = (index + (event.key === "ArrowDown" ? 1 : -1) + buttons.length) % buttons.length;
      buttons[next].focus();
    }
  }
}

// What a peek showed, short enough for the message line: the first cards, then how many more.
function peekWords(faces) {
  if (!faces.length) return "Nothing face down there.";
  const shown = faces.slice(0, 6).map(shortName).join(", ");
  return faces.length > 6 ? `You peeked: ${shown} and ${faces.length - 6} more.` : `You peeked: ${shown}.`;
}
