// What the pages share about cards: their names in words and in short, and their pictures, our
// renderer's SVGs, each fetched once and kept for the page's life (sharp at any zoom).

const rankNames = { A: "Ace", J: "Jack", Q: "Queen", K: "King", "0": "10", T: "10" };
const suitNames = { S: "Spades", D: "Diamonds", C: "Clubs", H: "Hearts" };
const suitSymbols = { S: "♠", D: "♦", C: "♣", H: "♥" };

// "QH" → "Queen of Hearts", "0D" or "10D" → "10 of Diamonds", "X1" → "Black Joker".
export function cardName(code) {
  if (code === "X1") return "Black Joker";
  if (code === "X2") return "Red Joker";
  const suit = suitNames[code.slice(-1)];
  const rank = code.slice(0, -1);
  return suit ? `${rankNames[rank] || rank} of ${suit}` : code;
}

// "QH" → "Q♥", "0D" → "10♦", "X1" → "Joker".
export function shortName(code) {
  if (code === "X1" || code === "X2") return "Joker";
  const rank = code.slice(0, -1);
  return `${rank === "0" || rank === "T" ? "10" : rank}${suitSymbols[code.slice(-1)] || ""}`;
}

// Hearts, diamonds and the red joker.
export const isRed = (code) => /[HD]$/.test(code) || code === "X2";

export const backCode = "back";

// The card styles a page may draw with: the image routes' themes.
export const cardStyles = { "classic": "Classic", "four-color": "Four colours", "high-contrast": "High contrast" };
let cardStyle = "classic";

// The SVG of a card (or of the back), from our renderer, in the page's card style.
export const svgURL = (code, style = cardStyle) =>
  `/static/img/${encodeURIComponent(code)}.svg${style === "classic" ? "" : `?theme=${encodeURIComponent(style)}`}`;

const pictures = new Map();   // "style code" → Promise of an object URL

// The picture of `code` as an object URL: fetched once per style, then the same URL for every
// card of that code, so no card is ever blank while a new one loads. Rejects when it cannot be had.
export function picture(code) {
  const key = `${cardStyle} ${code}`;
  let promise = pictures.get(key);
  if (!promise) {
    promise = fetch(svgURL(code)).then(async (response) => {
      if (!response.ok) throw new Error(`the picture of ${code} answered ${response.status}`);
      return URL.createObjectURL(await response.blob());
    });
    promise.catch(() => pictures.delete(key));
    pictures.set(key, promise);
  }
  return promise;
}

// Draws every card of the page in `style` from now on (each card keeps its old picture until
// the new one is there).
export function setCardStyle(style) {
  if (!(style in cardStyles) || style === cardStyle) return;
  cardStyle = style;
  for (const holder of document.querySelectorAll("[data-picture]")) showPicture(holder, holder.dataset.picture);
}

// Shows `code`'s picture in `holder` once it is there; until then (and if it never comes) the
// holder shows its placeholder, which the page draws in CSS.
export function showPicture(holder, code) {
  const style = cardStyle;
  holder.dataset.picture = code;
  holder.dataset.style = style;
  picture(code).then((url) => {
    // Only the picture last asked for: the code or the style may have changed since.
    if (holder.dataset.picture !== code || holder.dataset.style !== style) return;
    let image = holder.querySelector("img");
    if (!image) {
      image = document.createElement("img");
      image.alt = "";
      image.draggable = false;
      holder.append(image);
    }
    if (image.src !== url) image.src = url;
    holder.classList.add("pictured");
  }).catch(() => holder.classList.remove("pictured"));
}
