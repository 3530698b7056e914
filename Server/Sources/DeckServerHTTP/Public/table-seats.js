// The seats' plates beside the table, at the page's own size whatever the zoom: each seat's
// name and how many cards it holds, and the cards of a hand its player shows (pressed, the plate
// shows them large). A card dropped on a plate is passed to that seat, face down to everyone else.

import { cardName, shortName } from "/assets/cards.js";
import { makeCard } from "/assets/table-felt.js";

export class Seats {
  constructor(element, state) {
    this.element = element;
    this.state = state;
    this.plates = new Map();      // seat number → element
    this.dialog = document.getElementById("shown-hand");
    this.dialogSeat = null;
    // Closed, the dialog keeps no card: a hand hidden again leaves nothing of it in the page.
    this.dialog.addEventListener("close", () => {
      this.dialogSeat = null;
      document.getElementById("shown-cards").replaceChildren();
    });
  }

  shownOf(number) {
    const seat = this.state.view && this.state.view.seats.find((s) => s.number === number);
    return seat && seat.shown_hand ? seat : null;
  }

  // The cards of a shown hand, small, in the plate (their names are in the plate's label).
  drawShown(holder, codes) {
    const now = [...holder.children].map((card) => card.dataset.face);
    if (now.length === codes.length && now.every((code, index) => code === codes[index])) return;
    holder.replaceChildren(...codes.map((code) => makeCard(code)));
  }

  // The shown hand of seat `number`, large, in a dialog.
  showLarge(number) {
    if (!this.shownOf(number)) return;
    this.dialogSeat = number;
    this.fillDialog(number);
    if (!this.dialog.open) this.dialog.showModal();
  }

  fillDialog(number) {
    const seat = this.shownOf(number);
    const name = seat.name || `Seat ${number}`;
    document.getElementById("shown-hand-title").textContent = `${name} shows ${seat.shown_hand.length} ${seat.shown_hand.length === 1 ? "card" : "cards"}`;
    document.getElementById("shown-cards").replaceChildren(...seat.shown_hand.map((code) => {
      const card = makeCard(code);
      card.setAttribute("role", "listitem");
      card.setAttribute("aria-label", cardName(code));
      card.title = shortName(code);
      return card;
    }));
  }

  render() {
    const view = this.state.view;
    const seats = view ? view.seats : [];
    seats.forEach((seat) => {
      let plate = this.plates.get(seat.number);
      if (!plate) {
        plate = document.createElement("div");
        plate.className = "plate";
        plate.dataset.seat = String(seat.number);
        plate.innerHTML = '<span class="name"></span><span class="line"><span class="count"></span><span class="shown" aria-hidden="true"></span></span>';
        plate.addEventListener("click", () => this.showLarge(seat.number));
        plate.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            this.showLarge(seat.number);
          }
        });
        this.element.append(plate);
        this.plates.set(seat.number, plate);
      }
      const you = seat.number === view.yourSeat;
      plate.classList.toggle("you", you);
      plate.classList.toggle("free", !seat.name);
      const name = seat.name || `Seat ${seat.number} (free)`;
      plate.querySelector(".name").textContent = you ? `${name} (you)` : name;
      const count = seat.hand_count || 0;
      const shown = seat.shown_hand || null;
      plate.querySelector(".count").textContent = `${count} ${count === 1 ? "card" : "cards"}`;
      plate.classList.toggle("showing", Boolean(shown));
      this.drawShown(plate.querySelector(".shown"), shown || []);
      // A showing plate is a button that shows the hand large; the others are not focusable.
      if (shown) {
        plate.tabIndex = 0;
        plate.setAttribute("role", "button");
      } else {
        plate.removeAttribute("tabindex");
        plate.removeAttribute("role");
      }
      const cards = `${count} ${count === 1 ? "card" : "cards"} in hand`;
      const showing = shown ? `, shown: ${shown.length ? shown.map(cardName).join(", ") : "none"}` : "";
      plate.setAttribute("aria-label", `${name}${you ? ", you" : ""}: ${cards}${showing}`);
    });
    if (this.dialog.open && !this.shownOf(this.dialogSeat)) this.dialog.close();
    else if (this.dialog.open) this.fillDialog(this.dialogSeat);
    for (const [number, plate] of this.plates) {
      if (!seats.some((seat) => seat.number === number)) {
        plate.remove();
        this.plates.delete(number);
      }
    }
  }
}
