// The table page's calls to the server: JSON requests, the seat kept in this browser, and the
// felt's event stream with its reconnection.

const base = "/api/table";

// A refusal: the server's message, its status, and (for a 409) the table as it is now.
export class APIError extends Error {
  constructor(message, status, table = null) {
    super(message);
    this.status = status;
    this.table = table;
  }
}

// A request; answers the JSON body, or throws an APIError naming what the server said.
export async function call(method, path, { parameters = null, token = null, body = null } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let request = { method, headers, cache: "no-store" };
  if (body) {
    request.body = body;
  } else if (parameters) {
    request.body = new URLSearchParams(parameters);
  }
  let response;
  try {
    response = await fetch(path, request);
  } catch {
    throw new APIError("the server cannot be reached", 0);
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok || answer.success === false) {
    throw new APIError(answer.error || `the server answered ${response.status}`, response.status, answer.table || null);
  }
  return answer;
}

// The seat this browser holds at a table: { number, name, token }, kept in localStorage.
const seatKey = (id) => `deck-table:${id}`;
export const nameKey = "deck-table:name";

export function savedSeat(id) {
  try {
    const saved = JSON.parse(localStorage.getItem(seatKey(id)) || "null");
    return saved && typeof saved.token === "string" ? saved : null;
  } catch {
    return null;
  }
}

export const keepSeat = (id, seat) => localStorage.setItem(seatKey(id), JSON.stringify(seat));
export const forgetSeat = (id) => localStorage.removeItem(seatKey(id));

// One table, as a seat (with a token) or as a watcher (with a watch key).
export class Table {
  constructor({ id = null, token = null, watchKey = null }) {
    this.id = id;
    this.token = token;
    this.watchKey = watchKey;
    this.source = null;
    this.retry = 1000;
  }

  get path() {
    return this.watchKey ? `/api/watch/${encodeURIComponent(this.watchKey)}` : `${base}/${encodeURIComponent(this.id)}`;
  }

  // The free-form view, as this seat (or a watcher) sees it.
  view() {
    return call("GET", this.watchKey ? `${this.path}/` : `${this.path}/felt/`, { token: this.token });
  }

  // One action of the felt (move, flip, arrange, shuffle, split, deal, gather, undo, hold, drag,
  // peek, watch, colour); answers the table as the seat sees it after it.
  act(name, parameters = {}) {
    return call("POST", `${this.path}/felt/${name}/`, { parameters, token: this.token });
  }

  // The background image, the file itself as the body.
  upload(file) {
    return call("POST", `${this.path}/felt/background/`, { body: file, token: this.token });
  }

  // Listens to the felt's events until `stop()`: `onEvent(name, data)` for view, change, hold,
  // drag and peek; `onLive(true|false)`; `onRefused(error)` when the server will not stream.
  listen({ onEvent, onLive, onRefused }) {
    this.stop();
    const url = this.watchKey
      ? `${this.path}/events`
      : `${this.path}/felt/events?token=${encodeURIComponent(this.token)}`;
    const source = new EventSource(url);
    this.source = source;
    source.onopen = () => {
      this.retry = 1000;
      onLive(true);
    };
    for (const name of ["view", "change", "hold", "drag", "peek"]) {
      source.addEventListener(name, (event) => {
        let data;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        onEvent(name, data);
      });
    }
    source.onerror = () => {
      onLive(false);
      // A dropped connection is reopened by EventSource itself; a refused one is closed: ask the
      // server why (the view answers 401 or 404 with a reason), then try again later.
      if (source.readyState !== EventSource.CLOSED || this.source !== source) return;
      this.source = null;
      const again = () => {
        setTimeout(() => { if (!this.source && !this.stopped) this.listen({ onEvent, onLive, onRefused }); }, this.retry);
        this.retry = Math.min(this.retry * 2, 30000);
      };
      // Only a seat or table the server no longer knows ends it; anything else (a restart, a
      // proxy's 502, a full server's 503) is tried again, later each time.
      this.view().then(again, (error) => (error.status === 401 || error.status === 404 ? onRefused(error) : again()));
    };
    this.stopped = false;
  }

  stop() {
    this.stopped = true;
    if (this.source) this.source.close();
    this.source = null;
  }
}
