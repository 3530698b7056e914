// The table as this page knows it, the page's only copy of it: the newest view (from an answer
// or the event stream) with each change applied, and what passes (holds, drags, peeks). Every
// update goes through `update`, which emits one "change" event; the components redraw from it.

// A stack as the page keeps it: cards bottom first, each { handle, code } (code null when face
// down to this viewer). Answers, views and changes all write a stack alike: its handles as a
// shared prefix, the card at index i having that prefix and i in base 36.
function stackFrom(stack) {
  return {
    id: stack.id, x: stack.x, y: stack.y, z: stack.z, layout: stack.layout, step: stack.step || 0,
    rotation: stack.rotation || 0, label: stack.label || null, version: stack.version,
    cards: stack.cards.map((code, index) => ({ handle: `${stack.handles}${index.toString(36)}`, code })),
  };
}

// How long a hold lasts when the page cannot tell (a view says only who holds a stack): the
// server's default. A hold event's `until` tells the server's own length (--hold-seconds).
const holdMilliseconds = 5000;


// The order a sort puts cards in: by suit (spades, hearts, clubs, diamonds: the colours
// alternate), then by rank with the ace high; or by rank first, then by suit.
const suitOrder = "SHCD";
const rankOrder = "234567890JQKA";
const sortKeys = {
  suit: (code) => [suitOrder.indexOf(code.slice(-1)), rankOrder.indexOf(code.slice(0, -1))],
  rank: (code) => [rankOrder.indexOf(code.slice(0, -1)), suitOrder.indexOf(code.slice(-1))],
};

export class TableState extends EventTarget {
  constructor() {
    super();
    this.view = null;            // { version, stacks: Map, seats, hand, yourSeat, creatorSeat, seeded, felt, id }
    this.holds = new Map();      // stack id → { seat, until (ms) }
    this.drags = new Map();      // stack id → { seat, x, y }
    this.handOrder = [];         // this seat's own order of its hand's cards
    this.movers = new Map();     // stack id → the seat whose hold its last change ended (who moved it)
  }

  // Emits "change" with what changed: { view: true } for a new view, { drags: [ids] } for drags.
  update(detail) {
    this.dispatchEvent(new CustomEvent("change", { detail }));
  }

  // A whole view: an action's answer, a GET, or the stream's `view` event.
  setView(next) {
    if (!next || !Array.isArray(next.stacks)) return;
    if (this.view && next.version < this.view.version) return;
    const stacks = new Map(next.stacks.map((stack) => [stack.id, stackFrom(stack)]));
    this.view = {
      id: next.table_id || (this.view && this.view.id), version: next.version, stacks,
      seats: next.seats || [], hand: next.hand || [], yourSeat: next.your_seat ?? null,
      creatorSeat: next.creator_seat ?? null, seeded: Boolean(next.seeded), felt: next.felt || {},
      watch: next.watch || null,
    };
    for (const hold of this.holds.values()) clearTimeout(hold.timer);
    this.holds.clear();
    for (const stack of next.stacks) {
      if (stack.held_by) this.hold({ stack: stack.id, seat: stack.held_by, until: 1 });
    }
    this.orderHand();
    this.update({ view: true });
  }

  // A `change` event: applied when it follows the version shown; older ones are already shown
  // (an action's answer came first); after a gap, `onGap` fetches the whole view.
  applyChange(change, onGap) {
    const view = this.view;
    if (!view || change.version <= view.version) return;
    if (change.from !== view.version) return onGap();
    for (const id of change.removed || []) {
      view.stacks.delete(id);
      const held = this.holds.get(id);
      if (held) this.movers.set(id, held.seat);
      else this.movers.delete(id);
    }
    for (const stack of change.stacks || []) {
      view.stacks.set(stack.id, stackFrom(stack));
      // Who holds a changed stack is as the change says: an action ends its seat's holds of
      // the stacks it changed (the drop of a drag), which no hold event announces.
      const held = this.holds.get(stack.id);
      // A change of a held stack is its holder's drop; any other change is nobody's we know.
      if (held) this.movers.set(stack.id, held.seat);
      else this.movers.delete(stack.id);
      if (stack.held_by && (!held || held.seat !== stack.held_by)) {
        this.hold({ stack: stack.id, seat: stack.held_by, until: 1 });
      } else if (!stack.held_by && held) {
        clearTimeout(held.timer);
        this.holds.delete(stack.id);
        this.drags.delete(stack.id);
      }
    }
    if (change.seats) view.seats = change.seats;
    if (change.hand) view.hand = change.hand;
    if ("seeded" in change) view.seeded = Boolean(change.seeded);
    if (change.felt) view.felt = change.felt;
    if ("creator_seat" in change) view.creatorSeat = change.creator_seat;
    if ("watch" in change) view.watch = change.watch;
    view.version = change.version;
    for (const id of [...this.drags.keys()]) if (!view.stacks.has(id)) this.drags.delete(id);
    this.orderHand();
    this.update({ view: true });
  }

  // A hold taken or let go (`until` null) by `seat`. Its end is timed on this page's clock (the
  // server's may differ, so never less than the default 5 s from when it was heard), renewed by
  // the holder, and one that runs out is redrawn as let go.
  hold({ stack, seat, until }) {
    const held = this.holds.get(stack);
    if (until) {
      clearTimeout(held && held.timer);
      const lasting = Math.min(Math.max(holdMilliseconds, until - Date.now()), 3600 * 1000);
      const timer = setTimeout(() => {
        if (this.holds.get(stack)?.timer !== timer) return;
        this.holds.delete(stack);
        this.drags.delete(stack);
        this.update({ holds: [stack] });
      }, lasting + 100);
      this.holds.set(stack, { seat, until: Date.now() + lasting, timer });
    } else if (held && held.seat === seat) {
      clearTimeout(held.timer);
      this.holds.delete(stack);
      this.drags.delete(stack);
    } else {
      return;
    }
    this.update({ holds: [stack] });
  }

  // Where another seat carries `stack` (or, with `card`, that card of it).
  drag({ stack, seat, x, y, card = null }) {
    if (seat === this.view?.yourSeat) return;
    this.drags.set(stack, { seat, x, y, card });
    this.update({ drags: [stack] });
  }

  // The seat that moved `stack` last, when the page knows (its change ended that seat's hold),
  // or null: the one to name when a move of it is refused.
  lastMover(id) {
    return this.movers.get(id) ?? null;
  }

  // Who holds `stack` now, if anyone.
  holder(id) {
    const hold = this.holds.get(id);
    return hold && hold.until > Date.now() ? hold.seat : null;
  }

  // The hand in this seat's own order: cards kept in place, new ones at the end.
  orderHand() {
    const hand = this.view ? this.view.hand : [];
    const left = [...hand];
    const ordered = [];
    for (const code of this.handOrder) {
      const index = left.indexOf(code);
      if (index >= 0) ordered.push(left.splice(index, 1)[0]);
    }
    this.handOrder = ordered.concat(left);
  }

  // Moves a hand card to `index` in this seat's order (kept in this page only).
  reorderHand(code, index) {
    // One copy moves: a hand of several decks may hold two of a card.
    const order = [...this.handOrder];
    const at = order.indexOf(code);
    if (at >= 0) order.splice(at, 1);
    order.splice(Math.max(0, Math.min(index, order.length)), 0, code);
    this.handOrder = order;
    this.update({ hand: true });
  }

  // Puts this seat's hand in order `by` "suit" or "rank" (kept in this page only); jokers last.
  sortHand(by) {
    const key = sortKeys[by];
    const rank = (code) => key(code).map((n) => (n < 0 ? 99 : n));
    this.handOrder = [...this.handOrder].sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x[0] - y[0] || x[1] - y[1];
    });
    this.update({ hand: true });
  }

  // Whether this seat shows its hand to the table.
  get showingHand() {
    const seat = this.view && this.view.seats.find((s) => s.number === this.view.yourSeat);
    return Boolean(seat && seat.shown_hand);
  }

  // Stacks by z, back to front.
  stacksInOrder() {
    return this.view ? [...this.view.stacks.values()].sort((a, b) => a.z - b.z) : [];
  }

  seatName(number) {
    const seat = this.view && this.view.seats.find((s) => s.number === number);
    return (seat && seat.name) || `Seat ${number}`;
  }
}
