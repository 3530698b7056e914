// The seat's own hand along the bottom of the page, in the order the player keeps it (the
// server keeps the cards, the page their order). Cards are kept by code: a card being dragged
// is never rebuilt under the pointer.

import { cardName } from "/assets/cards.js";
import { makeCard, setFace } from "/assets/table-felt.js";

export class Hand {
  constructor(element, state) {
    this.element = element;
    this.state = state;
    this.cards = new Map();       // code and copy ("QH:0", "QH:1") → element
  }

  render() {
    const view = this.state.view;
    const codes = view && view.yourSeat ? this.state.handOrder : [];
    this.element.hidden = !(view && view.yourSeat);
    const seen = new Set();
    const copies = new Map();
    let previous = null;
    for (const code of codes) {
      const copy = copies.get(code) || 0;
      copies.set(code, copy + 1);
      const key = `${code}:${copy}`;
      seen.add(key);
      let card = this.cards.get(key);
      if (!card) {
        card = makeCard(code);
        card.classList.add("in-hand");
        card.dataset.code = code;
        card.tabIndex = 0;
        card.setAttribute("role", "button");
        card.setAttribute("aria-label", `${cardName(code)}, in your hand`);
        this.cards.set(key, card);
      } else {
        setFace(card, code);
      }
      const place = previous ? previous.nextSibling : this.element.firstChild;
      if (place !== card) this.element.insertBefore(card, place);
      previous = card;
    }
    for (const [key, card] of this.cards) {
      if (!seen.has(key)) {
        card.remove();
        this.cards.delete(key);
      }
    }
    this.element.setAttribute("aria-label", codes.length ? `Your hand: ${codes.length} cards` : "Your hand is empty");
    this.element.classList.toggle("empty", codes.length === 0);
  }

  // Where a card dropped at the window's point (x, y) would go in the hand's order: in the row
  // nearest y (a hand in the side column wraps), before the first card whose middle is right of x.
  indexAt(clientX, clientY) {
    // The card being carried is out of the order already.
    const boxes = [...this.element.querySelectorAll(".card:not(.leaving)")].map((card) => card.getBoundingClientRect());
    if (!boxes.length) return 0;
    const middle = (box) => box.top + box.height / 2;
    const row = boxes.reduce((best, box) => (Math.abs(clientY - middle(box)) < Math.abs(clientY - middle(best)) ? box : best)).top;
    const inRow = boxes.map((box, index) => ({ box, index })).filter(({ box }) => Math.abs(box.top - row) < 1);
    const before = inRow.find(({ box }) => clientX < box.left + box.width / 2);
    return before ? before.index : inRow[inRow.length - 1].index + 1;
  }
}
