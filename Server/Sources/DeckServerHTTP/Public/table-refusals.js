// A refused request in the player's words. The server's message is written for developers (it
// names parameters and handles); the page says what happened at the table instead, from the
// answer's status, what was tried, and the table as the refusal shows it.

// `error`: an APIError (`tableGone` when the table itself answers 404); `attempt`: what was
// tried (see `attemptOf`); `state`: the page's TableState, already showing the table as it is
// after the refusal.
export function refusalWords(error, attempt = {}, state = null) {
  const { action = null } = attempt;
  switch (error.status) {
    case 0: return "The server can't be reached: check your connection. The table comes back when it does.";
    case 401: return "The table no longer knows your seat: join it again.";
    case 404:
      // A felt action's 404 names a stack or seat that is gone; the table's own, the table.
      if (error.tableGone || !action || action === "join") return "This table is gone: it was closed or unused for a long time.";
      return conflictWords(attempt, state);
    case 413: return "That picture is too large: a background may be up to 4 MiB.";
    case 429: return "Too many requests from here at once: wait a few seconds and try again.";
    case 502:
    case 503:
    case 504: return "The server is busy: try again in a few seconds.";
    case 409: return conflictWords(attempt, state);
    default:
      if (error.status >= 500) return "The server could not do that: try again, or reload the page.";
      return action === "background" ? "The server could not read that picture: use a PNG or JPEG image." : "The server did not accept that move.";
  }
}

// The most stacks a felt may have (the server's Tabletop.maximumStacks).
const maximumStacks = 200;

// A 409: the table changed under the move, or a rule of the table says no.
function conflictWords({ action, stack, target, fromHand, seat }, state) {
  switch (action) {
    case "undo": return "Nothing of yours to undo, or another player changed those cards since.";
    case "background": return "Another background was uploaded at the same time: the newest one stays.";
    case "join": return "Every seat at this table is taken.";
    default: break;
  }
  const view = state && state.view;
  if (!view) return "The table changed first: it shows what is there now.";
  for (const id of [stack, target]) {
    const holder = id ? state.holder(id) : null;
    if (holder !== null && holder !== view.yourSeat) return `${state.seatName(holder)} is moving that stack.`;
  }
  if (target === "hand" && seat && seat !== view.yourSeat && !view.seats.some((s) => s.number === seat && s.name)) {
    return `Seat ${seat} is free now: its player left the table.`;
  }
  if (target === "new" && view.stacks.size >= maximumStacks) {
    return `The felt is full: it holds at most ${maximumStacks} stacks. Put some together first.`;
  }
  const gone = [stack, target].find((id) => id && id !== "new" && id !== "hand" && !view.stacks.has(id));
  if (fromHand && !gone) return "That card is no longer in your hand.";
  const mover = state.lastMover(gone || stack);
  const name = mover !== null && mover !== view.yourSeat ? state.seatName(mover) : "Another player";
  if (gone) return `${name} moved that stack first.`;
  if (stack) return `${name} moved that card first.`;
  return "The table changed first: it shows what is there now.";
}

// What a felt action tried, from its name and parameters: the stack it took from, where it went
// (a stack id, "new" or "hand"), whether from this seat's hand, and the seat it was passed to.
export function attemptOf(action, parameters = {}) {
  const from = parameters.from ?? parameters.stack ?? null;
  return {
    action,
    stack: from === "hand" ? null : from,
    target: parameters.to ?? null,
    fromHand: from === "hand",
    seat: parameters.seat === undefined ? null : Number(parameters.seat),
  };
}
