// Memorize in the browser: every rule runs on the server; this page shows the state the
// JSON API answers with and sends the player's choices. No framework, no build step.
import { cardName } from "/assets/cards.js";

const api = "/api/memory";
const cardAspect = 88 / 63;          // poker cards: height over width
const faceDownLabel = "Face-down card";

const themeTitle = document.getElementById("theme");
const scoreOutput = document.getElementById("score");
const table = document.getElementById("table");
const cardGroup = document.getElementById("cards");
const status = document.getElementById("status");
const newGameButton = document.getElementById("new-game");

let game = null;                     // the last state the server sent
let queue = Promise.resolve();       // requests go one at a time, in the order chosen

// What a visible card shows, in words, for its aria-label.
function faceName(card) {
  if (card.name) return card.name;
  if (card.code) return cardName(card.code);
  return card.emoji || "";
}

function isVisible(card) {
  return card.face_up || card.matched;
}

// Sends a request and, when it answers with a game, shows it. Errors go to the status line.
function send(method, path, form) {
  queue = queue.then(async () => {
    try {
      const response = await fetch(api + path, {
        method,
        headers: { Accept: "application/json" },
        body: form ? new URLSearchParams(form) : undefined,
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
      show(body);
      return body;
    } catch (error) {
      status.textContent = `Sorry: ${error.message}`;
      return null;
    }
  });
  return queue;
}

function newGame() {
  const asked = new URLSearchParams(location.search);
  const form = {};
  for (const key of ["theme", "pairs"]) if (asked.get(key)) form[key] = asked.get(key);
  return send("POST", "/new/", form);
}

function choose(index) {
  if (!game) return;
  const card = game.cards[index];
  if (!card || isVisible(card)) return;   // the server would ignore it too
  send("POST", `/${encodeURIComponent(game.game_id)}/choose/${index}/`);
}

// Draws the state: cards are updated in place, so a turned card animates and focus stays.
function show(state) {
  const fresh = !game || game.game_id !== state.game_id;
  game = state;
  if (location.hash !== `#${state.game_id}`) history.replaceState(null, "", `#${state.game_id}`);
  themeTitle.textContent = state.theme.name;
  document.title = `Memorize: ${state.theme.name}`;
  scoreOutput.textContent = String(state.score);
  const [from, to] = state.theme.colors;
  cardGroup.style.setProperty("--back", to ? `linear-gradient(135deg, ${from}, ${to})` : from);

  if (fresh || cardGroup.children.length !== state.cards.length) {
    cardGroup.replaceChildren(...state.cards.map(makeCard));
    fit();
  }
  const focused = document.activeElement;
  state.cards.forEach((card, index) => update(cardGroup.children[index], card));
  if (focused && focused.classList.contains("card") && focused.disabled) focusNextFrom(focused);

  cardGroup.classList.toggle("finished", state.finished);
  status.textContent = state.finished ? `All pairs found! Final score ${state.score}.` : "";
}

function makeCard(card, index) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card";
  button.dataset.index = String(index);
  button.innerHTML = '<span class="sides"><span class="front"></span><span class="back"></span></span>';
  button.addEventListener("click", () => choose(index));
  return button;
}

function update(button, card) {
  const visible = isVisible(card);
  const label = visible ? faceName(card) : faceDownLabel;
  button.classList.toggle("up", visible);
  button.classList.toggle("matched", card.matched);
  button.disabled = card.matched;
  button.setAttribute("aria-label", label);
  const front = button.querySelector(".front");
  const shown = visible ? (card.code || card.emoji) : "";
  if (front.dataset.shown === shown) return;
  front.dataset.shown = shown;
  front.replaceChildren();
  if (!visible) return;
  if (card.code) {
    const image = document.createElement("img");
    image.src = (card.images && card.images.svg) || card.image;
    image.alt = "";
    image.draggable = false;
    front.append(image);
  } else {
    const emoji = document.createElement("span");
    emoji.className = "emoji";
    emoji.textContent = card.emoji;
    front.append(emoji);
  }
}

// When the focused card is matched it is disabled and loses focus: move on to the next card
// still in play, so keyboard players keep their place.
function focusNextFrom(button) {
  const cards = [...cardGroup.children];
  const start = cards.indexOf(button);
  for (let step = 1; step <= cards.length; step += 1) {
    const next = cards[(start + step) % cards.length];
    if (!next.disabled) return next.focus();
  }
  newGameButton.focus();
}

// The card width that lets every card fit in the table: try every number of columns and
// keep the one whose cards are widest.
function fit() {
  const count = cardGroup.children.length;
  if (count === 0) return;
  const style = getComputedStyle(table);
  const gap = parseFloat(getComputedStyle(cardGroup).columnGap) || 0;
  const width = table.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const height = table.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  let best = { columns: count, cardWidth: 0 };
  for (let columns = 1; columns <= count; columns += 1) {
    const rows = Math.ceil(count / columns);
    const byWidth = (width - gap * (columns - 1)) / columns;
    const byHeight = (height - gap * (rows - 1)) / rows / cardAspect;
    const cardWidth = Math.floor(Math.min(byWidth, byHeight));
    if (cardWidth > best.cardWidth) best = { columns, cardWidth };
  }
  cardGroup.style.setProperty("--columns", String(best.columns));
  cardGroup.style.setProperty("--card-width", `${Math.max(best.cardWidth, 1)}px`);
}

new ResizeObserver(fit).observe(table);
newGameButton.addEventListener("click", () => newGame());

// Carry on with the game in the address (#id) after a reload, else deal a new one.
const saved = location.hash.slice(1);
if (saved) {
  send("GET", `/${encodeURIComponent(saved)}/`).then((state) => state || newGame());
} else {
  newGame();
}
