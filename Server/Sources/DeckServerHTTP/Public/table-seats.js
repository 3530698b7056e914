// The seats' plates above the felt: each seat's name and how many cards it holds. A card
// dropped on a plate is passed to that seat, face down to everyone else.

import { bounds } from "/assets/table-scene.js";

const plateHeight = 70;
const gap = 16;

export class Seats {
  constructor(element, state) {
    this.element = element;
    this.state = state;
    this.plates = new Map();      // seat number → element
  }

  render() {
    const view = this.state.view;
    const seats = view ? view.seats : [];
    const width = (bounds.right - bounds.left - gap * (seats.length + 1)) / Math.max(1, seats.length);
    seats.forEach((seat, index) => {
      let plate = this.plates.get(seat.number);
      if (!plate) {
        plate = document.createElement("div");
        plate.className = "plate";
        plate.dataset.seat = String(seat.number);
        plate.innerHTML = '<span class="name"></span><span class="count"></span>';
        this.element.append(plate);
        this.plates.set(seat.number, plate);
      }
      const you = seat.number === view.yourSeat;
      plate.classList.toggle("you", you);
      plate.classList.toggle("free", !seat.name);
      plate.style.left = `${bounds.left + gap + index * (width + gap)}px`;
      plate.style.top = `${bounds.top + 20}px`;
      plate.style.width = `${width}px`;
      plate.style.height = `${plateHeight}px`;
      const name = seat.name || `Seat ${seat.number} (free)`;
      plate.querySelector(".name").textContent = you ? `${name} (you)` : name;
      const count = seat.hand_count || 0;
      plate.querySelector(".count").textContent = `${count} ${count === 1 ? "card" : "cards"}`;
      plate.setAttribute("aria-label", `${name}${you ? ", you" : ""}: ${count} ${count === 1 ? "card" : "cards"} in hand`);
    });
    for (const [number, plate] of this.plates) {
      if (!seats.some((seat) => seat.number === number)) {
        plate.remove();
        this.plates.delete(number);
      }
    }
  }
}
