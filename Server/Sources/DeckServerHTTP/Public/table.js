// A live card table in the browser. The server keeps every rule and every card; this page shows
// the view the JSON API and its event stream send, and sends the seat's choices. Each seat's
// token stays in localStorage, so a reload sits down at the same seat. No framework, no build step.
"use strict";

const api = "/api/table";
const cardWidth = 100;                              // scene units; our cards are 226 × 314
const cardHeight = Math.round(cardWidth * 314 / 226);
const cardWidths = [120, 160, 226, 300, 400, 600, 800, 1000, 1200];   // the ?width= we ask for
const doubleClickWait = 260;                        // ms a click on a hand card waits for a second one
const storageKey = (id) => `deck-table:${id}`;
const nameKey = "deck-table:name";

const $ = (id) => document.getElementById(id);
const stage = $("stage");
const scene = $("scene");
const felt = $("felt");
const seatsBox = $("seats");
const deckButton = $("deck");
const pilesBox = $("piles");
const mine = $("mine");
const mineLabel = $("mine-label");
const handBox = $("hand");
const status = $("status");
const joinForm = $("join");
const nameInput = $("name");
const seatsWanted = $("seats-wanted");
const joinError = $("join-error");
const actions = $("actions");
const live = $("live");
const cardView = $("card-view");
const cardFrame = $("card-frame");
const cardLarge = $("card-large");

let tableId = null;      // from the address, /table/<id>
let seat = null;         // { number, name, token } once seated
let view = null;         // the newest view shown
let source = null;       // the EventSource while seated
let leaving = false;     // while our own leave/ is on its way
let retry = 1000;        // ms before reopening a stream the server refused
let queue = Promise.resolve();   // actions go one at a time, in the order chosen

// Names --------------------------------------------------------------------------------------

// "QH" → "Queen of Hearts", "0D" → "10 of Diamonds", "X1" → "Black Joker".
const rankNames = { A: "Ace", J: "Jack", Q: "Queen", K: "King", "0": "10", T: "10" };
const suitNames = { S: "Spades", D: "Diamonds", C: "Clubs", H: "Hearts" };
function cardName(card) {
  const code = typeof card === "string" ? card : card.code;
  if (code === "X1") return "Black Joker";
  if (code === "X2") return "Red Joker";
  const suit = suitNames[code.slice(-1)];
  const rank = code.slice(0, -1);
  return suit ? `${rankNames[rank] || rank} of ${suit}` : code;
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listing = (names) => names.length <= 1 ? names.join("")
  : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
const seatName = (s) => s.name || `Seat ${s.number}`;

// Images: our renderer's PNGs at the width the scene shows them at.
function imageWidth(pixels) {
  const wanted = pixels * (window.devicePixelRatio || 1);
  return cardWidths.find((w) => w >= wanted) || cardWidths[cardWidths.length - 1];
}

function imageURL(card, pixels) {
  const base = (card.images && card.images.png) || card.image || `/static/img/${card.code}.png`;
  const url = new URL(base, location.href);
  const width = imageWidth(pixels);
  if (width !== 226) url.searchParams.set("width", String(width));
  else url.searchParams.delete("width");
  return url.href;
}

const back = { code: "back", image: "/static/img/back.png" };

// Talking to the server ----------------------------------------------------------------------

async function call(method, path, parameters, token) {
  const query = parameters ? `?${new URLSearchParams(parameters)}` : "";
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(`${api}${path}${query}`, { method, headers, cache: "no-store" });
  } catch {
    throw Object.assign(new Error("the server cannot be reached"), { status: 0 });
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok || body.success === false) {
    throw Object.assign(new Error(body.error || `the server answered ${response.status}`), { status: response.status });
  }
  return body;
}

const tablePath = (suffix = "") => `/${encodeURIComponent(tableId)}/${suffix}`;

// One of the seat's actions; its answer carries the view, which is shown at once (the event with
// the same version follows and changes nothing).
function act(action, parameters) {
  if (!seat) return Promise.resolve(null);
  const token = seat.token;
  queue = queue.then(async () => {
    try {
      const body = await call("POST", tablePath(`${action}/`), parameters, token);
      show(body);
      return body;
    } catch (error) {
      if (error.status === 401) return lostSeat("The server no longer knows your seat. Join again.");
      say(`Sorry: ${error.message}`);
      return null;
    }
  });
  return queue;
}

function say(text) {
  status.textContent = text;
}

// The seat kept for this table.
function savedSeat(id) {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(id)) || "null");
    return saved && typeof saved.token === "string" ? saved : null;
  } catch {
    return null;
  }
}

function keepSeat(id, kept) {
  localStorage.setItem(storageKey(id), JSON.stringify(kept));
}

function forgetSeat(id) {
  localStorage.removeItem(storageKey(id));
}

// Live updates -------------------------------------------------------------------------------

function listen() {
  stopListening();
  if (!seat) return;
  const url = `${api}${tablePath("events")}?token=${encodeURIComponent(seat.token)}`;
  const stream = new EventSource(url);
  source = stream;
  stream.onopen = () => {
    retry = 1000;
    setLive(true);
  };
  stream.onmessage = (event) => {
    let next;
    try {
      next = JSON.parse(event.data);
    } catch {
      return;
    }
    setLive(true);
    show(next);
  };
  stream.onerror = () => {
    setLive(false);
    // A dropped connection is reopened by EventSource itself (with Last-Event-ID). A refused
    // one (an answer that is not a stream) closes it: ask the server why, then try again.
    if (stream.readyState === EventSource.CLOSED && source === stream) recover();
  };
}

function stopListening() {
  if (source) source.close();
  source = null;
}

async function recover() {
  stopListening();
  if (!seat) return;
  const token = seat.token;
  try {
    const current = await call("GET", tablePath(), null, token);
    if (!seat || seat.token !== token) return;
    show(current);
    if (current.your_seat == null) return lostSeat("Your seat is free again. Join to play.");
  } catch (error) {
    if (error.status === 401) return lostSeat("The server no longer knows your seat. Join again.");
    if (error.status === 404) return missing();
  }
  setTimeout(() => { if (seat && seat.token === token && !source) listen(); }, retry);
  retry = Math.min(retry * 2, 30000);
}

function setLive(on) {
  live.hidden = !seat;
  live.classList.toggle("down", !on);
  $("live-text").textContent = on ? "Live" : "Reconnecting…";
}

// Sitting down, leaving ----------------------------------------------------------------------

function sitDown(kept, table) {
  seat = kept;
  keepSeat(tableId, kept);
  joinForm.hidden = true;
  scene.inert = false;
  stage.classList.remove("joining");
  actions.hidden = false;
  const link = $("share-link");
  link.href = `${location.origin}/table/${encodeURIComponent(tableId)}`;
  $("share").hidden = false;
  show(table);
  setLive(false);
  listen();
}

function lostSeat(message) {
  if (tableId) forgetSeat(tableId);
  seat = null;
  stopListening();
  render();
  showJoin("join", message);
  refresh();
  return null;
}

async function refresh() {
  try {
    show(await call("GET", tablePath()));
  } catch (error) {
    if (error.status === 404) missing();
  }
}

function missing() {
  seat = null;
  stopListening();
  view = null;
  render();
  showJoin("missing");
}

// The form over the table: "new" at /table, "join" at /table/<id>, "missing" for a table the
// server does not know.
function showJoin(mode, message = "") {
  joinForm.dataset.mode = mode;
  joinForm.hidden = false;
  actions.hidden = true;
  live.hidden = true;
  $("whoami").hidden = true;
  scene.inert = true;
  stage.classList.add("joining");
  joinError.textContent = message;
  joinError.classList.toggle("note", !message.startsWith("Sorry"));
  const newTable = mode !== "join";
  $("seats-label").hidden = !newTable;
  seatsWanted.hidden = !newTable;
  $("join-title").textContent = mode === "join" ? "Join this table" : mode === "missing" ? "No table here" : "A new table";
  $("join-button").textContent = mode === "join" ? "Join table" : "New table";
  $("share").hidden = mode !== "join";
  if (mode === "join") $("share-link").href = location.href;
  updateJoinText();
  if (!nameInput.value) nameInput.value = localStorage.getItem(nameKey) || "";
  if (!matchMedia("(pointer: coarse)").matches) nameInput.focus({ preventScroll: true });
}

function updateJoinText() {
  const mode = joinForm.dataset.mode;
  const text = $("join-text");
  const button = $("join-button");
  button.disabled = false;
  if (mode === "new") {
    text.textContent = "Pick a name: you get seat 1 and a link to invite the others.";
  } else if (mode === "missing") {
    text.textContent = "This table does not exist (or it idled out). Start a new one?";
  } else if (view) {
    const taken = view.seats.filter((s) => s.name);
    const free = view.seats.length - taken.length;
    const who = taken.length ? `${listing(taken.map((s) => s.name))} ${taken.length === 1 ? "is" : "are"} here. ` : "";
    text.textContent = free > 0 ? `${who}${plural(free, "seat")} free.` : `${who}The table is full.`;
    button.disabled = free === 0;
  } else {
    text.textContent = "Pick a name to sit down.";
  }
}

joinForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const mode = joinForm.dataset.mode;
  const name = nameInput.value.trim();
  if (!name) {
    joinError.textContent = "Please give a name.";
    nameInput.focus();
    return;
  }
  localStorage.setItem(nameKey, name);
  const button = $("join-button");
  button.disabled = true;
  joinError.textContent = "";
  try {
    let body;
    if (mode === "join") {
      body = await call("POST", tablePath("join/"), { name });
    } else {
      body = await call("POST", "/new/", { name, seats: seatsWanted.value });
      tableId = body.table_id;
      history.replaceState(null, "", `/table/${encodeURIComponent(tableId)}`);
    }
    view = null;
    sitDown({ number: body.seat.number, name: body.seat.name, token: body.seat.token }, body.table);
    say(mode === "join" ? `You sat down at seat ${body.seat.number}.` : "Your table is ready: share its link.");
  } catch (error) {
    joinError.textContent = `Sorry: ${error.message}`;
    joinError.classList.remove("note");
    if (error.status === 409 || error.status === 404) refresh();
  } finally {
    button.disabled = false;
    if (joinForm.dataset.mode === "join") updateJoinText();
  }
});

// Showing a view -----------------------------------------------------------------------------

function show(next) {
  if (!next || !Array.isArray(next.seats)) return;
  if (view && view.table_id === next.table_id) {
    const sameViewer = (view.your_seat ?? null) === (next.your_seat ?? null);
    if (next.version < view.version || (next.version === view.version && sameViewer)) return;
    const news = describe(view, next);
    if (news) say(news);
  }
  view = next;
  if (seat && !leaving && next.your_seat == null) {
    // The seat was given up elsewhere (another tab left it): offer to join again.
    lostSeat("Your seat is free again: join to play.");
    return;
  }
  if (seat && next.your_seat != null && next.your_seat !== seat.number) {
    seat.number = next.your_seat;
    keepSeat(tableId, seat);
  }
  render();
  if (!joinForm.hidden && joinForm.dataset.mode === "join") updateJoinText();
}

// Says in words what changed between two views, for the status line (a polite live region).
function describe(before, after) {
  const me = after.your_seat;
  const who = (s) => (s.number === me ? "You" : seatName(s));
  const old = new Map(before.seats.map((s) => [s.number, s]));
  const news = [];
  const deckChange = after.remaining - before.remaining;
  const piles = after.piles || {};
  const oldPiles = before.piles || {};
  const grown = Object.keys(piles).filter((p) => piles[p].remaining > (oldPiles[p] ? oldPiles[p].remaining : 0));
  const shrunk = Object.keys(oldPiles).filter((p) => oldPiles[p].remaining > (piles[p] ? piles[p].remaining : 0));
  const gainers = [];
  const losers = [];
  for (const s of after.seats) {
    const was = old.get(s.number);
    if (!was) continue;
    if (!was.name && s.name) news.push(`${s.number === me ? "You" : s.name} sat down at seat ${s.number}.`);
    if (was.name && !s.name) { news.push(`${was.name} left the table.`); continue; }
    const change = s.hand_count - was.hand_count;
    if (change > 0) gainers.push([s, change]);
    if (change < 0) losers.push([s, -change]);
  }
  const everyoneEmpty = after.seats.every((s) => s.hand_count === 0) && Object.values(piles).every((p) => p.remaining === 0);
  if (deckChange > 0 && everyoneEmpty && losers.length + shrunk.length > 0) {
    news.push("Every card went back to the deck, shuffled.");
    return news.join(" ");
  }
  if (gainers.length > 1 && deckChange < 0) {
    news.push(`Dealt ${plural(gainers[0][1], "card")} to each seat.`);
  } else {
    for (const [s, count] of gainers) {
      const mineNew = s.number === me ? newCards(before.hand || [], after.hand || []) : [];
      const what = mineNew.length ? listing(mineNew.map(cardName)) : plural(count, "card");
      if (deckChange < 0) news.push(`${who(s)} drew ${what}.`);
      else if (shrunk.length) news.push(`${who(s)} took ${what} from ${shrunk[0]}.`);
      else news.push(`${who(s)} got ${what}.`);
    }
  }
  for (const [s, count] of losers) {
    if (!s.name) continue;
    if (grown.length) {
      const pile = piles[grown[0]];
      const played = pile.cards.slice(-count).map(cardName);
      news.push(`${who(s)} played ${played.length ? listing(played) : plural(count, "card")} to ${grown[0]}.`);
    } else {
      news.push(`${who(s)} gave back ${plural(count, "card")}.`);
    }
  }
  return news.join(" ");
}

// The cards of `after` not in `before`, counting duplicates (a table may use several decks).
function newCards(before, after) {
  const counts = new Map();
  for (const card of before) counts.set(card.code, (counts.get(card.code) || 0) + 1);
  return after.filter((card) => {
    const left = counts.get(card.code) || 0;
    if (left > 0) {
      counts.set(card.code, left - 1);
      return false;
    }
    return true;
  });
}

// Layout: where everything goes, in scene units ----------------------------------------------

// The scene has the stage's shape: a fixed width (narrower when the window stands upright) or a
// least height, whichever needs the more room. Fitting it is then one scale.
// On a small or short window the scene is drawn small: its words then grow (in scene units) so
// that they are still drawn at 12 pixels or more.
function layout() {
  const width = Math.max(stage.clientWidth, 1);
  const height = Math.max(stage.clientHeight, 1);
  const upright = height > width * 1.15;
  // A short, wide window (a phone on its side): the deck and piles go beside your hand.
  const wide = !upright && width > height * 2.2;
  let text = upright ? 22 : 18;
  let L = layoutWith(text, upright, wide, width, height);
  for (let round = 0; round < 3 && text * width / L.width < 12 && text < 34; round += 1) {
    text = Math.min(34, Math.ceil(12.5 * L.width / width));
    L = layoutWith(text, upright, wide, width, height);
  }
  return L;
}

function layoutWith(text, upright, wide, width, height) {
  const seats = view ? view.seats : [];
  const others = otherSeats(seats);
  const margin = 18;
  const plate = Math.round(text * 1.6);
  const backWidth = upright ? 60 : 62;
  const handScale = upright ? 1.25 : 1.2;           // your own cards are shown larger
  const handWidth = Math.round(cardWidth * handScale);
  const handHeight = Math.round(cardHeight * handScale);
  const seatHeight = plate + 8 + Math.round(backWidth * cardHeight / cardWidth);
  const mineHeight = text + 22 + handHeight + 14;
  const middleHeight = cardHeight + text + 14;
  let sceneWidth = upright ? 500 : 1200;
  let perRow = 0;
  let rows = 0;
  let sides = 0;
  let least;
  if (upright) {
    rows = Math.max(1, Math.ceil(others.length / 3));
    perRow = Math.ceil(others.length / rows) || 1;
    least = margin * 2 + rows * (seatHeight + 16) + 24 + middleHeight + 40 + mineHeight + 24;
  } else if (wide) {
    least = margin * 2 + 6 + seatHeight + 20 + Math.max(mineHeight, text + 22 + middleHeight);
  } else {
    sides = others.length <= 3 ? 0 : others.length <= 5 ? 1 : 2;
    least = Math.max(margin * 2 + seatHeight + middleHeight + mineHeight + 90,
      margin * 2 + 6 + seatHeight + 16 + sides * (seatHeight + 14) + 16 + mineHeight);
  }
  let sceneHeight = sceneWidth * height / width;
  if (sceneHeight < least) {
    sceneHeight = least;
    sceneWidth = least * width / height;
  }
  // Your seat spans the table, or what the deck and piles leave of it.
  const middle = middleWidth(upright);
  const mineX = wide ? margin + 10 + middle.total + 40 : margin;
  return {
    width: sceneWidth, height: sceneHeight, upright, wide, margin, text, plate, backWidth, seatHeight,
    mineHeight, middleHeight, others, rows, perRow, sides, handWidth, handHeight, middle,
    mineX, mineWidth: sceneWidth - margin - mineX,
  };
}

// Every seat but yours, in play order from the one after yours: they sit clockwise from your
// left, round the far side, to your right.
function otherSeats(seats) {
  const me = view && view.your_seat;
  const index = seats.findIndex((s) => s.number === me);
  if (index < 0) return seats.slice();
  return seats.slice(index + 1).concat(seats.slice(0, index));
}

// Where each other seat's box goes: along an arc over the table when the window lies wide, in
// rows across the top when it stands upright.
function seatBoxes(L) {
  const count = L.others.length;
  const boxes = [];
  const mineTop = L.height - L.margin - L.mineHeight;
  if (L.upright) {
    const gap = 12;
    const boxWidth = Math.min(240, (L.width - 2 * L.margin - (L.perRow - 1) * gap) / L.perRow);
    for (let i = 0; i < count; i += 1) {
      const row = Math.floor(i / L.perRow);
      const inRow = Math.min(L.perRow, count - row * L.perRow);
      const column = i - row * L.perRow;
      const rowWidth = inRow * boxWidth + (inRow - 1) * gap;
      boxes.push({
        x: (L.width - rowWidth) / 2 + column * (boxWidth + gap),
        y: L.margin + 6 + row * (L.seatHeight + 16),
        width: boxWidth,
      });
    }
    return boxes;
  }
  let boxWidth = 220;
  if (L.wide) {
    const span = L.width - 2 * (L.margin + 6);
    boxWidth = Math.min(220, (span - (count - 1) * 12) / Math.max(count, 1));
    const gap = Math.min(48, (span - count * boxWidth) / Math.max(count - 1, 1));
    const rowWidth = count * boxWidth + (count - 1) * gap;
    for (let k = 0; k < count; k += 1) {
      boxes.push({ x: (L.width - rowWidth) / 2 + k * (boxWidth + gap), y: L.margin + 6, width: boxWidth });
    }
    return boxes;
  }
  if (count <= 3) {
    // Few seats: on an arc over the table, from your left round to your right.
    const cx = L.width / 2;
    const rx = L.width / 2 - L.margin - boxWidth / 2 - 10;
    const top = L.margin + 6 + L.seatHeight / 2;
    const cy = mineTop - L.seatHeight / 2 - 28;
    const ry = cy - top;
    for (let i = 0; i < count; i += 1) {
      const angle = Math.PI - ((i + 1) * Math.PI) / (count + 1);
      boxes.push({
        x: cx + rx * Math.cos(angle) - boxWidth / 2,
        y: cy - ry * Math.sin(angle) - L.seatHeight / 2,
        width: boxWidth,
      });
    }
    return boxes;
  }
  // More: up your left side, along the far side, down your right side.
  const side = L.sides;
  const across = count - 2 * side;
  const topY = L.margin + 6;
  const sideTop = topY + L.seatHeight + 16;
  const sideRoom = mineTop - 16 - sideTop;
  const sideStep = sideRoom / side;
  const sideY = (k) => sideTop + k * sideStep + (sideStep - L.seatHeight) / 2;
  for (let k = side - 1; k >= 0; k -= 1) boxes.push({ x: L.margin + 6, y: sideY(k), width: boxWidth });
  const span = L.width - 2 * (L.margin + 6);
  const gap = Math.min(48, (span - across * boxWidth) / Math.max(across - 1, 1));
  const rowWidth = across * boxWidth + (across - 1) * gap;
  for (let k = 0; k < across; k += 1) {
    boxes.push({ x: (L.width - rowWidth) / 2 + k * (boxWidth + gap), y: topY, width: boxWidth });
  }
  for (let k = 0; k < side; k += 1) boxes.push({ x: L.width - L.margin - 6 - boxWidth, y: sideY(k), width: boxWidth });
  return boxes;
}

// Drawing the scene --------------------------------------------------------------------------

let current = null;    // the layout last drawn

function render() {
  const L = layout();
  current = L;
  scene.style.width = `${L.width}px`;
  scene.style.height = `${L.height}px`;
  scene.style.setProperty("--text", `${L.text}px`);
  scene.style.setProperty("--plate", `${L.plate}px`);
  const inset = L.margin / 2;
  Object.assign(felt.style, {
    left: `${inset}px`, top: `${inset}px`, width: `${L.width - 2 * inset}px`, height: `${L.height - 2 * inset}px`,
  });
  renderSeats(L);
  renderMiddle(L);
  renderMine(L);
  renderHeader();
}

function place(element, x, y, width, height) {
  element.style.left = `${x}px`;
  element.style.top = `${y}px`;
  if (width != null) element.style.width = `${width}px`;
  if (height != null) element.style.height = `${height}px`;
}

// The last image that finished loading for each card (and the back), by its code: a card drawn
// anew at another size shows that one until the sharper image has arrived, so zooming never
// flashes blank cards.
const loadedImages = new Map();

function showImage(image, key, url) {
  const ready = loadedImages.get(key);
  if (!ready || ready === url) {
    image.addEventListener("load", () => loadedImages.set(key, url), { once: true });
    image.src = url;
    return;
  }
  image.src = ready;
  const next = new Image();
  next.onload = () => {
    loadedImages.set(key, url);
    if (image.getAttribute("src") === ready) image.src = url;
  };
  next.src = url;
}

function backImage(pixels) {
  const image = document.createElement("img");
  showImage(image, "back", imageURL(back, pixels));
  image.alt = "";
  image.draggable = false;
  return image;
}

function renderSeats(L) {
  const boxes = seatBoxes(L);
  const scale = transform.s;
  const before = new Map([...seatsBox.children].map((el) => [el.dataset.seat, el.dataset.count]));
  const elements = L.others.map((s, i) => {
    const box = boxes[i];
    const element = document.createElement("div");
    element.className = s.name ? "seat" : "seat free";
    element.dataset.seat = String(s.number);
    element.dataset.count = String(s.hand_count);
    element.setAttribute("role", "group");
    element.setAttribute("aria-label", s.name ? `${s.name}: ${plural(s.hand_count, "card")}` : `Seat ${s.number}: free`);
    place(element, box.x, box.y, box.width, L.seatHeight);
    const plate = document.createElement("div");
    plate.className = "plate";
    plate.setAttribute("aria-hidden", "true");
    const name = document.createElement("span");
    name.className = "who";
    name.textContent = s.name || `Seat ${s.number} free`;
    if (s.name) element.title = `${s.name}: ${plural(s.hand_count, "card")}`;
    plate.append(name);
    if (s.name) {
      const count = document.createElement("span");
      count.className = "n";
      count.textContent = String(s.hand_count);
      plate.append(count);
    }
    element.append(plate);
    // That many backs, fanned to fit the box (at most 30 drawn; the plate says how many).
    const shown = Math.min(s.hand_count, 30);
    const width = L.backWidth;
    const height = Math.round(width * cardHeight / cardWidth);
    const step = shown > 1 ? Math.min(width * 0.42, (box.width - width) / (shown - 1)) : 0;
    const left = (box.width - width - step * (shown - 1)) / 2;
    for (let k = 0; k < shown; k += 1) {
      const card = document.createElement("span");
      card.className = "back-card";
      card.setAttribute("aria-hidden", "true");
      place(card, left + k * step, L.plate + 8, width, height);
      card.append(backImage(width * scale));
      element.append(card);
    }
    const was = before.get(element.dataset.seat);
    if (was != null && was !== element.dataset.count) element.classList.add("changed");
    return element;
  });
  seatsBox.replaceChildren(...elements);
}

function renderMiddle(L) {
  const scale = transform.s;
  const seated = view != null;
  deckButton.hidden = !seated;
  const { pileNames, pileWidths, gap, total } = L.middle;
  const top = middleTop(L);
  let x = L.wide ? L.margin + 10 : (L.width - total) / 2;
  if (seated) {
    renderDeck(L, x, top, scale);
    x += cardWidth + gap;
  }
  const focusedPile = document.activeElement && document.activeElement.closest && document.activeElement.closest(".pile");
  const focusedName = focusedPile ? focusedPile.dataset.pile : null;
  const piles = pileNames.map((name, i) => {
    const element = renderPile(L, name, (view.piles || {})[name], x, top, pileWidths[i], scale);
    x += pileWidths[i] + gap;
    return element;
  });
  pilesBox.replaceChildren(...piles);
  if (focusedName) {
    const again = pilesBox.querySelector(`.pile[data-pile="${CSS.escape(focusedName)}"] .card[tabindex="0"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

// The deck and the piles (center first), side by side: their widths in scene units.
function middleWidth(upright) {
  const seated = view != null;
  const pileNames = seated ? Object.keys(view.piles || {}) : [];
  if (seated && !pileNames.includes("center")) pileNames.unshift("center");
  pileNames.sort((a, b) => (a === "center" ? -1 : b === "center" ? 1 : a.localeCompare(b)));
  const fan = 18;
  const pileWidths = pileNames.map((name) => {
    const pile = (view.piles || {})[name];
    const shown = pile ? Math.min(pile.cards.length, 4) : 0;
    return cardWidth + Math.max(shown - 1, 0) * fan;
  });
  const gap = upright ? 46 : 48;
  const total = (seated ? cardWidth : 0) + pileWidths.reduce((sum, w) => sum + w + gap, 0) - (seated || pileNames.length ? gap : 0);
  return { pileNames, pileWidths, gap, total: Math.max(total, 0) };
}

// The middle row sits halfway between the seats over it and your hand.
function middleTop(L) {
  const mineTop = L.height - L.margin - L.mineHeight;
  if (L.wide) return mineTop + L.text + 22;
  if (L.upright) {
    const seatsBottom = L.margin + 6 + L.rows * (L.seatHeight + 16);
    return seatsBottom + Math.max(12, (mineTop - seatsBottom - L.middleHeight) / 2);
  }
  const over = L.margin + 6 + L.seatHeight;
  return over + (mineTop - over - L.middleHeight) / 2 - 6;
}

function renderDeck(L, x, y, scale) {
  const remaining = view.remaining;
  place(deckButton, x, y, cardWidth, cardHeight);
  deckButton.disabled = !seat || remaining === 0;
  deckButton.classList.toggle("empty", remaining === 0);
  deckButton.setAttribute("aria-label", remaining === 0 ? "Deck: empty" : `Deck: ${plural(remaining, "card")}. Draw one`);
  const stack = deckButton.querySelector(".stack");
  const layers = remaining === 0 ? 0 : remaining > 20 ? 3 : remaining > 5 ? 2 : 1;
  if (stack.childElementCount !== layers || stack.dataset.width !== String(imageWidth(cardWidth * scale))) {
    stack.dataset.width = String(imageWidth(cardWidth * scale));
    const images = [];
    for (let k = 0; k < layers; k += 1) {
      const image = backImage(cardWidth * scale);
      const shift = (layers - 1 - k) * 3;
      place(image, -shift, shift, cardWidth, cardHeight);
      images.push(image);
    }
    stack.replaceChildren(...images);
  }
  const count = deckButton.querySelector(".count");
  count.style.top = `${cardHeight + 8}px`;
  count.style.left = "-40px";
  count.style.right = "-40px";
  count.innerHTML = "";
  count.append(remaining === 0 ? "Deck empty" : `Deck · `);
  if (remaining > 0) {
    const n = document.createElement("span");
    n.className = "n";
    n.textContent = String(remaining);
    count.append(n);
  }
}

function renderPile(L, name, pile, x, y, width, scale) {
  const element = document.createElement("div");
  element.className = "pile";
  element.dataset.pile = name;
  const cards = pile ? pile.cards : [];
  const remaining = pile ? pile.remaining : 0;
  const top = cards[cards.length - 1];
  element.setAttribute("role", "group");
  element.setAttribute("aria-label", top
    ? `${titleCase(name)} pile: ${plural(remaining, "card")}, ${cardName(top)} on top`
    : `${titleCase(name)} pile: empty`);
  place(element, x, y, width, cardHeight);
  const shown = cards.slice(-4);
  if (shown.length === 0) {
    const slot = document.createElement("div");
    slot.className = "empty-slot";
    place(slot, 0, 0, cardWidth, cardHeight);
    element.append(slot);
  }
  const before = pilesBox.querySelector(`.pile[data-pile="${CSS.escape(name)}"]`);
  const oldTop = before ? before.dataset.top : null;
  shown.forEach((card, i) => {
    const isTop = i === shown.length - 1;
    const button = makeCard(card, cardWidth * scale);
    button.tabIndex = isTop ? 0 : -1;
    button.setAttribute("aria-label", isTop ? `${cardName(card)}: see it large` : cardName(card));
    if (!isTop) button.setAttribute("aria-hidden", "true");
    place(button, i * 18, 0, cardWidth, cardHeight);
    button.addEventListener("click", (event) => {
      if (event.detail === 0) openCard(card);          // Enter or Space
    });
    button.addEventListener("dblclick", (event) => {
      event.stopPropagation();
      openCard(card);
    });
    if (isTop && before && oldTop !== `${card.code}:${remaining}`) button.classList.add("arrived");
    element.append(button);
  });
  element.dataset.top = top ? `${top.code}:${remaining}` : "";
  const label = document.createElement("div");
  label.className = "label";
  label.setAttribute("aria-hidden", "true");
  label.style.top = `${cardHeight + 8}px`;
  label.style.left = "-30px";
  label.style.right = "-30px";
  label.append(`${titleCase(name)} · `);
  const n = document.createElement("span");
  n.className = "n";
  n.textContent = String(remaining);
  label.append(n);
  element.append(label);
  return element;
}

const titleCase = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function makeCard(card, pixels) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card";
  button.dataset.code = card.code;
  const image = document.createElement("img");
  showImage(image, card.code, imageURL(card, pixels));
  image.alt = "";
  image.draggable = false;
  button.append(image);
  return button;
}

function renderMine(L) {
  const seated = Boolean(seat && view && view.your_seat != null);
  mine.hidden = !seated;
  if (!seated) {
    handBox.replaceChildren();
    return;
  }
  const hand = view.hand || [];
  const me = view.seats.find((s) => s.number === view.your_seat);
  const top = L.height - L.margin - L.mineHeight;
  place(mine, L.mineX, top, L.mineWidth, L.mineHeight);
  mineLabel.style.top = "0px";
  mineLabel.style.fontSize = `${L.text}px`;
  mineLabel.textContent = `You: ${me ? seatName(me) : ""}, seat ${view.your_seat} · ${plural(hand.length, "card")}`;
  handBox.style.top = `${L.text + 22}px`;
  handBox.style.height = `${L.handHeight}px`;
  handBox.setAttribute("aria-label", `Your hand: ${plural(hand.length, "card")}`);

  const available = L.mineWidth;
  const count = hand.length;
  const width = L.handWidth;
  const step = count > 1 ? Math.min(width + 12, (available - width) / (count - 1)) : 0;
  const left = (available - width - step * (count - 1)) / 2;
  const scale = transform.s;

  const focused = document.activeElement;
  const focusedIndex = focused && focused.parentElement === handBox ? [...handBox.children].indexOf(focused) : -1;
  const old = new Map();
  for (const element of handBox.querySelectorAll(".card")) old.set(element.dataset.key, element);
  const seen = new Map();
  const fresh = handBox.childElementCount > 0 || handBox.dataset.drawn === "yes";
  hand.forEach((card, i) => {
    const nth = (seen.get(card.code) || 0) + 1;
    seen.set(card.code, nth);
    const key = `${card.code}#${nth}`;
    let button = old.get(key);
    if (button) {
      old.delete(key);
      const wanted = imageURL(card, width * scale);
      const image = button.querySelector("img");
      if (image.getAttribute("src") !== wanted) showImage(image, card.code, wanted);
    } else {
      button = makeHandCard(card, width * scale);
      button.dataset.key = key;
      if (fresh) button.classList.add("arrived");
    }
    place(button, left + i * step, 0, width, L.handHeight);
    button.style.zIndex = String(i + 1);
    if (handBox.children[i] !== button) handBox.insertBefore(button, handBox.children[i] || null);
  });
  for (const element of old.values()) element.remove();
  handBox.dataset.drawn = "yes";
  let empty = handBox.querySelector(".empty");
  if (count === 0) {
    if (!empty) {
      empty = document.createElement("p");
      empty.className = "empty";
      empty.textContent = "Your hand is empty: click the deck to draw.";
      handBox.append(empty);
    }
    empty.style.top = `${L.handHeight / 2 - L.text}px`;
    empty.style.fontSize = `${L.text}px`;
  } else if (empty) {
    empty.remove();
  }
  // The focused card went away (played): keep the keyboard at the same place in the hand.
  if (focusedIndex >= 0 && !handBox.contains(focused)) {
    const cards = handBox.querySelectorAll(".card");
    const next = cards[Math.min(focusedIndex, cards.length - 1)];
    (next || deckButton).focus({ preventScroll: true });
  }
}

function makeHandCard(card, pixels) {
  const button = makeCard(card, pixels);
  button.setAttribute("aria-label", cardName(card));
  button.setAttribute("aria-describedby", "hand-hint");
  button.setAttribute("aria-keyshortcuts", "Enter V");
  let timer = null;
  // <body data-plays-put-off data-plays-cancelled> count the clicks whose play waited for a
  // second click and the waits a double-click (or another click) cancelled, so that tests see
  // a double-click cancel its first click's play without waiting out doubleClickWait.
  const settle = () => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    tally("playsCancelled");
  };
  button.addEventListener("click", (event) => {
    // Enter and Space give a click of detail 0: play at once. A mouse click waits a moment in
    // case it is the first of a double-click, which shows the card large instead.
    if (event.detail === 0) return play(card);
    if (event.detail > 1) return;
    settle();
    tally("playsPutOff");
    timer = setTimeout(() => { timer = null; play(card); }, doubleClickWait);
  });
  button.addEventListener("dblclick", (event) => {
    event.stopPropagation();
    settle();
    openCard(card);
  });
  button.addEventListener("keydown", (event) => {
    if ((event.key === "v" || event.key === "V") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      openCard(card);
    }
  });
  return button;
}

function tally(name) {
  document.body.dataset[name] = String(Number(document.body.dataset[name] || 0) + 1);
}

function play(card) {
  act("play", { cards: card.code, pile: "center" });
}

function renderHeader() {
  const whoami = $("whoami");
  const seated = Boolean(seat && view && view.your_seat != null);
  whoami.hidden = !seated;
  if (seated) {
    const me = view.seats.find((s) => s.number === view.your_seat);
    whoami.replaceChildren("You are ", Object.assign(document.createElement("strong"), { textContent: me ? seatName(me) : "" }),
      `, seat ${view.your_seat} of ${view.seats.length}`);
    document.title = `Card table: ${me ? seatName(me) : "seat " + view.your_seat}`;
  } else {
    document.title = "Card table";
  }
  const center = view && view.piles && view.piles.center;
  $("take").disabled = !seated || !center || center.remaining === 0;
  $("deal").disabled = !seated || view.remaining === 0;
  if (seated && view) $("deal-count").max = String(Math.max(1, Math.floor(view.remaining / Math.max(1, view.seats.filter((s) => s.name).length))));
}

// The one transform: zoom to fit, pinch and Ctrl + wheel about the pointer, drag to pan -------

let transform = { s: 1, x: 0, y: 0 };
let fitted = { s: 1, x: 0, y: 0 };
let imageTimer = null;

function setTransform(next) {
  transform = clampPan(next);
  const { s, x, y } = transform;
  const matrix = `matrix(${round(s)}, 0, 0, ${round(s)}, ${round(x)}, ${round(y)})`;
  scene.style.transform = matrix;
  scene.dataset.transform = matrix;
  // Sharper images once the zoom has settled.
  clearTimeout(imageTimer);
  imageTimer = setTimeout(sharpen, 250);
}

const round = (n) => Math.round(n * 10000) / 10000;

// The scene may move only so far that a quarter of the window still shows it.
function clampPan(t) {
  if (!current) return t;
  const width = stage.clientWidth;
  const height = stage.clientHeight;
  const w = current.width * t.s;
  const h = current.height * t.s;
  const x = Math.min(Math.max(t.x, width * 0.25 - w), width * 0.75);
  const y = Math.min(Math.max(t.y, height * 0.25 - h), height * 0.75);
  return { s: t.s, x, y };
}

function fit() {
  render();
  const width = stage.clientWidth;
  const height = stage.clientHeight;
  const s = Math.min(width / current.width, height / current.height);
  fitted = { s, x: (width - current.width * s) / 2, y: (height - current.height * s) / 2 };
  setTransform(fitted);
  scene.classList.remove("hidden-until-fit");
}

function zoomAbout(factor, px, py) {
  const s = Math.min(Math.max(transform.s * factor, fitted.s * 0.5), fitted.s * 6);
  const k = s / transform.s;
  setTransform({ s, x: px - (px - transform.x) * k, y: py - (py - transform.y) * k });
}

function stagePoint(event) {
  const box = stage.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

// Images at the width the cards are shown at now.
function sharpen() {
  const wanted = `${imageWidth(cardWidth * transform.s)}/${imageWidth(cardWidth * 1.25 * transform.s)}`;
  if (scene.dataset.imageWidth === String(wanted)) return;
  scene.dataset.imageWidth = String(wanted);
  if (view) render();
}

// Pointers: one on the background pans; two anywhere pinch. A gesture keeps its start (the
// transform and the pointers then) and is forgotten when it ends.
const pointers = new Map();
let gesture = null;

const onBackground = (target) => !target.closest(".card, .deck, button, input, select, a, .panel");

stage.addEventListener("pointerdown", (event) => {
  if (event.target.closest(".panel")) return;
  if (event.pointerType === "mouse" && event.button !== 0) return;
  pointers.set(event.pointerId, stagePoint(event));
  if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    gesture = { kind: "pinch", start: { ...transform }, mid: midpoint(a, b), distance: Math.max(distance(a, b), 1) };
    for (const id of pointers.keys()) {
      try { stage.setPointerCapture(id); } catch { /* already released */ }
    }
  } else if (pointers.size === 1 && onBackground(event.target)) {
    gesture = { kind: "pan", start: { ...transform }, from: stagePoint(event) };
    stage.setPointerCapture(event.pointerId);
    stage.classList.add("panning");
  }
});

stage.addEventListener("pointermove", (event) => {
  if (!pointers.has(event.pointerId)) return;
  pointers.set(event.pointerId, stagePoint(event));
  if (!gesture) return;
  if (gesture.kind === "pan") {
    const p = pointers.get(event.pointerId);
    setTransform({ s: gesture.start.s, x: gesture.start.x + p.x - gesture.from.x, y: gesture.start.y + p.y - gesture.from.y });
  } else if (gesture.kind === "pinch" && pointers.size >= 2) {
    const [a, b] = [...pointers.values()];
    const mid = midpoint(a, b);
    const start = gesture.start;
    const s = Math.min(Math.max(start.s * distance(a, b) / gesture.distance, fitted.s * 0.5), fitted.s * 6);
    // The scene point that was under the fingers' midpoint stays under it.
    const sx = (gesture.mid.x - start.x) / start.s;
    const sy = (gesture.mid.y - start.y) / start.s;
    setTransform({ s, x: mid.x - sx * s, y: mid.y - sy * s });
  }
});

function endPointer(event) {
  pointers.delete(event.pointerId);
  if (gesture && (gesture.kind === "pan" || pointers.size < 2)) {
    gesture = null;
    stage.classList.remove("panning");
  }
}

stage.addEventListener("pointerup", endPointer);
stage.addEventListener("pointercancel", endPointer);

const midpoint = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);

function wheelDelta(event) {
  const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
  return { x: event.deltaX * unit, y: event.deltaY * unit };
}

stage.addEventListener("wheel", (event) => {
  if (event.target.closest(".panel")) return;
  event.preventDefault();
  const d = wheelDelta(event);
  if (event.ctrlKey || event.metaKey) {
    const p = stagePoint(event);
    zoomAbout(Math.exp(-Math.max(Math.min(d.y, 300), -300) / 300), p.x, p.y);
  } else {
    setTransform({ s: transform.s, x: transform.x - d.x, y: transform.y - d.y });
  }
}, { passive: false });

stage.addEventListener("dblclick", (event) => {
  if (onBackground(event.target)) fit();
});

$("zoom-in").addEventListener("click", () => zoomAbout(1.25, stage.clientWidth / 2, stage.clientHeight / 2));
$("zoom-out").addEventListener("click", () => zoomAbout(0.8, stage.clientWidth / 2, stage.clientHeight / 2));
$("zoom-fit").addEventListener("click", () => fit());

// Keys: + and − zoom, 0 fits, arrows pan (when no field or card takes them).
document.addEventListener("keydown", (event) => {
  if (cardView.open || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  const cx = stage.clientWidth / 2;
  const cy = stage.clientHeight / 2;
  if (event.key === "+" || event.key === "=") zoomAbout(1.25, cx, cy);
  else if (event.key === "-" || event.key === "_") zoomAbout(0.8, cx, cy);
  else if (event.key === "0") fit();
  else if (event.target === stage || event.target === document.body) {
    const moves = { ArrowLeft: [60, 0], ArrowRight: [-60, 0], ArrowUp: [0, 60], ArrowDown: [0, -60] };
    const move = moves[event.key];
    if (!move) return;
    setTransform({ s: transform.s, x: transform.x + move[0], y: transform.y + move[1] });
  } else {
    return;
  }
  event.preventDefault();
});

new ResizeObserver(() => fit()).observe(stage);

// A card seen large; pinch or Ctrl + wheel zooms its art -------------------------------------

let large = null;     // { card, z, x, y, width (the ?width= loaded) }
const largePointers = new Map();
let largeGesture = null;

function openCard(card) {
  large = { card, z: 1, x: 0, y: 0, width: 0 };
  $("card-view-title").textContent = cardName(card);
  cardLarge.alt = cardName(card);
  cardLarge.removeAttribute("src");
  cardView.showModal();
  setLarge(large);
  $("card-close").focus();
}

function setLarge(next) {
  const frameWidth = cardFrame.clientWidth || 300;
  const frameHeight = cardFrame.clientHeight || 420;
  const z = Math.min(Math.max(next.z, 1), 6);
  // The art may move only so far that the frame stays covered.
  const x = Math.min(0, Math.max(next.x, frameWidth - frameWidth * z));
  const y = Math.min(0, Math.max(next.y, frameHeight - frameHeight * z));
  Object.assign(large, { z, x, y });
  const matrix = `matrix(${round(z)}, 0, 0, ${round(z)}, ${round(x)}, ${round(y)})`;
  cardLarge.style.transform = matrix;
  cardLarge.dataset.transform = matrix;
  cardFrame.classList.toggle("zoomed", z > 1.01);
  // The face-card scale: the larger the art is shown, the more pixels we ask the renderer for.
  const width = imageWidth(frameWidth * z);
  if (width > large.width) {
    const card = large.card;
    large.width = width;
    const url = imageURL(card, frameWidth * z);
    const loader = new Image();
    loader.onload = () => {
      if (large && large.card === card && imageWidth(frameWidth * large.z) >= width) {
        cardLarge.src = url;
        cardLarge.dataset.width = String(width);
      }
    };
    loader.src = url;
    if (!cardLarge.getAttribute("src")) {
      cardLarge.src = url;
      cardLarge.dataset.width = String(width);
    }
  }
}

function zoomLarge(factor, px, py) {
  const z = Math.min(Math.max(large.z * factor, 1), 6);
  const k = z / large.z;
  setLarge({ z, x: px - (px - large.x) * k, y: py - (py - large.y) * k });
}

function framePoint(event) {
  const box = cardFrame.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

cardFrame.addEventListener("wheel", (event) => {
  if (!large) return;
  event.preventDefault();
  const d = wheelDelta(event);
  if (event.ctrlKey || event.metaKey) {
    const p = framePoint(event);
    zoomLarge(Math.exp(-Math.max(Math.min(d.y, 300), -300) / 300), p.x, p.y);
  } else {
    setLarge({ z: large.z, x: large.x - d.x, y: large.y - d.y });
  }
}, { passive: false });

cardFrame.addEventListener("pointerdown", (event) => {
  if (!large) return;
  largePointers.set(event.pointerId, framePoint(event));
  cardFrame.setPointerCapture(event.pointerId);
  if (largePointers.size === 2) {
    const [a, b] = [...largePointers.values()];
    largeGesture = { kind: "pinch", start: { ...large }, mid: midpoint(a, b), distance: Math.max(distance(a, b), 1) };
  } else if (largePointers.size === 1) {
    largeGesture = { kind: "pan", start: { ...large }, from: framePoint(event) };
  }
});

cardFrame.addEventListener("pointermove", (event) => {
  if (!large || !largePointers.has(event.pointerId)) return;
  largePointers.set(event.pointerId, framePoint(event));
  if (!largeGesture) return;
  const start = largeGesture.start;
  if (largeGesture.kind === "pan") {
    const p = largePointers.get(event.pointerId);
    setLarge({ z: start.z, x: start.x + p.x - largeGesture.from.x, y: start.y + p.y - largeGesture.from.y });
  } else if (largePointers.size >= 2) {
    const [a, b] = [...largePointers.values()];
    const mid = midpoint(a, b);
    const z = Math.min(Math.max(start.z * distance(a, b) / largeGesture.distance, 1), 6);
    const sx = (largeGesture.mid.x - start.x) / start.z;
    const sy = (largeGesture.mid.y - start.y) / start.z;
    setLarge({ z, x: mid.x - sx * z, y: mid.y - sy * z });
  }
});

function endLargePointer(event) {
  largePointers.delete(event.pointerId);
  if (largeGesture && (largeGesture.kind === "pan" || largePointers.size < 2)) largeGesture = null;
}

cardFrame.addEventListener("pointerup", endLargePointer);
cardFrame.addEventListener("pointercancel", endLargePointer);
cardFrame.addEventListener("dblclick", () => { if (large) setLarge({ z: 1, x: 0, y: 0 }); });

cardView.addEventListener("keydown", (event) => {
  if (!large) return;
  const w = cardFrame.clientWidth / 2;
  const h = cardFrame.clientHeight / 2;
  if (event.key === "+" || event.key === "=") zoomLarge(1.4, w, h);
  else if (event.key === "-") zoomLarge(1 / 1.4, w, h);
  else if (event.key === "0") setLarge({ z: 1, x: 0, y: 0 });
  else return;
  event.preventDefault();
});

// A click on the backdrop (outside the dialog's box) closes it.
cardView.addEventListener("click", (event) => {
  if (event.target === cardView) {
    const box = cardView.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) cardView.close();
  }
});

cardView.addEventListener("close", () => {
  large = null;
  largePointers.clear();
  largeGesture = null;
});

// The buttons under the table ----------------------------------------------------------------

deckButton.addEventListener("click", () => act("draw", { count: 1 }));
deckButton.addEventListener("dblclick", (event) => event.stopPropagation());

$("deal").addEventListener("click", () => {
  const count = Number.parseInt($("deal-count").value, 10);
  if (!(count >= 1)) {
    say("Give how many cards to deal to each seat.");
    $("deal-count").focus();
    return;
  }
  act("deal", { count });
});

$("take").addEventListener("click", () => act("take", { pile: "center", count: 1 }));

// Shuffle and Leave undo a game: the first press asks, the second (within 4 s) does it.
function confirming(button, question, run) {
  const label = button.textContent;
  let timer = null;
  const reset = () => {
    clearTimeout(timer);
    timer = null;
    button.textContent = label;
    button.classList.remove("confirm");
  };
  button.addEventListener("click", () => {
    if (timer) {
      reset();
      run();
      return;
    }
    button.textContent = `${label}: sure?`;
    button.classList.add("confirm");
    say(question);
    timer = setTimeout(reset, 4000);
  });
  button.addEventListener("blur", () => { if (timer) setTimeout(reset, 300); });
}

confirming($("shuffle"), "Shuffle takes every card back from every hand and pile. Press again to do it.", () => act("shuffle"));
confirming($("leave"), "Leaving gives your hand back to the deck and frees your seat. Press again to leave.", async () => {
  leaving = true;
  const body = await act("leave");
  leaving = false;
  if (!body) return;
  forgetSeat(tableId);
  seat = null;
  stopListening();
  show(body);
  render();
  showJoin("join", "You left the table.");
});

$("copy-link").addEventListener("click", async () => {
  const link = $("share-link").href;
  try {
    await navigator.clipboard.writeText(link);
    say("The table's link is copied: send it to the others.");
  } catch {
    say(`Send the others this link: ${link}`);
  }
});

// Starting -----------------------------------------------------------------------------------

async function start() {
  const hint = document.createElement("p");
  hint.id = "hand-hint";
  hint.className = "visually-hidden";
  hint.textContent = "Enter plays the card to the center; V shows it large.";
  document.body.append(hint);

  const match = location.pathname.match(/^\/table\/([^/]+)\/?$/);
  tableId = match ? decodeURIComponent(match[1]) : null;
  fit();
  if (!tableId) {
    showJoin("new");
    return;
  }
  const kept = savedSeat(tableId);
  if (kept) {
    // Back at a table we sat at: rejoin that seat at once, if the server still knows the token.
    try {
      const current = await call("GET", tablePath(), null, kept.token);
      if (current.your_seat != null) {
        sitDown({ ...kept, number: current.your_seat }, current);
        return;
      }
      forgetSeat(tableId);
    } catch (error) {
      if (error.status === 404) return missing();
      if (error.status === 401) forgetSeat(tableId);
      else {
        showJoin("join", `Sorry: ${error.message}. Reload to try again.`);
        return;
      }
    }
  }
  try {
    show(await call("GET", tablePath()));
    showJoin("join");
  } catch (error) {
    if (error.status === 404) return missing();
    showJoin("join", `Sorry: ${error.message}`);
  }
}

start();
