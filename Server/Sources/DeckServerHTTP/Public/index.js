// The home page's examples: each endpoint's "Try it" runs it against a deck of its own.

const endpoints = [
  ["/api/deck/new/shuffle/?deck_count=1", "A new shuffled deck (deck_count 1–20, jokers_enabled=true, cards=AS,2S,… for a partial deck, seed=64 hex digits)."],
  ["/api/deck/new/", "A new deck in new-deck order: AS…KS, AD…KD, AC…KC, AH…KH."],
  ["/api/deck/new/draw/?count=2", "A new shuffled deck and a draw, in one call."],
  ["/api/deck/<id>/draw/?count=2", "Draw from the top; also /draw/bottom/ and /draw/random/."],
  ["/api/deck/<id>/shuffle/", "Every card back, piles emptied, shuffled; remaining=true shuffles only what is left."],
  ["/api/deck/<id>/", "The deck: remaining, shuffled, piles."],
  ["/api/deck/<id>/pile/discard/add/?cards=<drawn>", "Move drawn cards onto a pile (made on first use)."],
  ["/api/deck/<id>/pile/discard/list/", "Every pile's count and this pile's cards."],
  ["/api/deck/<id>/pile/discard/draw/?count=1", "Draw from a pile's top (the card added last); cards= for named cards; /draw/bottom/, /draw/random/."],
  ["/api/deck/<id>/pile/discard/return/", "A pile's cards back to the bottom of the deck; /pile/<name>/shuffle/ shuffles it."],
  ["/api/deck/<id>/return/", "Drawn cards (cards= or all) back to the bottom of the deck."],
  ["/api/deck/new/shuffle/?fair=true&client_seed=tulip", "A provably fair deck: the commitment comes first; /api/deck/<id>/reveal/ shows the server seed."],
];
let deckID = null, lastDrawn = [];
const list = document.getElementById("endpoints");
endpoints.forEach(([path, text], n) => {
  const box = document.createElement("div");
  box.className = "endpoint";
  box.innerHTML = `<h3></h3><p></p><button type="button">Try it</button><div class="cards"></div><pre class="out"></pre>`;
  box.querySelector("h3").textContent = path;
  box.querySelector("p").textContent = text;
  box.querySelector("button").addEventListener("click", () => run(path, box));
  list.appendChild(box);
});
async function ensureDeck() {
  if (deckID) return deckID;
  const answer = await (await fetch("/api/deck/new/shuffle/")).json();
  deckID = answer.deck_id;
  return deckID;
}
async function run(template, box) {
  let path = template;
  if (path.includes("<id>")) path = path.replace("<id>", await ensureDeck());
  if (path.includes("<drawn>")) {
    if (!lastDrawn.length) {
      const drawn = await (await fetch(`/api/deck/${deckID}/draw/?count=2`)).json();
      lastDrawn = (drawn.cards || []).map(c => c.code);
    }
    path = path.replace("<drawn>", lastDrawn.join(","));
    lastDrawn = [];
  }
  const answer = await (await fetch(path)).json();
  if (answer.deck_id && template.startsWith("/api/deck/new")) deckID = answer.deck_id;
  if (answer.cards) lastDrawn = answer.cards.map(c => c.code);
  show(box.querySelector(".cards"), answer.cards || []);
  const out = box.querySelector("pre");
  out.textContent = "GET " + path + "\n\n" + JSON.stringify(answer, null, 2);
  out.classList.add("shown");
}
function show(holder, cards) {
  holder.replaceChildren(...cards.map(card => {
    const img = document.createElement("img");
    img.src = card.images.svg;
    img.alt = `${card.value} of ${card.suit}`;
    return img;
  }));
}
document.getElementById("deal").addEventListener("click", async () => {
  const answer = await (await fetch("/api/deck/new/draw/?count=5")).json();
  show(document.getElementById("hand"), answer.cards || []);
  const out = document.getElementById("deal-json");
  out.textContent = "GET /api/deck/new/draw/?count=5\n\n" + JSON.stringify(answer, null, 2);
  out.classList.add("shown");
});
