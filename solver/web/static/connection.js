// The WebSocket to the server: requests with ids (answered through promises), messages the server sends on its
// own (a table's state, the engine's thinking) passed to listeners. Reconnects by itself; `onOpen` listeners run
// again after a reconnection (to join the seats again).

export class Connection {
  constructor(url) {
    this.url = url;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Map();
    this.openListeners = [];
    this.queue = [];
    this.status = document.getElementById("connection");
    this.open();
  }

  open() {
    this.ws = new WebSocket(this.url);
    this.ws.addEventListener("open", () => {
      this.show("connected", "ok");
      for (const text of this.queue.splice(0)) this.ws.send(text);
      for (const f of this.openListeners) f();
    });
    this.ws.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    this.ws.addEventListener("close", () => {
      this.show("disconnected: reconnecting…", "bad");
      for (const [, p] of this.pending) p.reject(new Error("the connection to the server was lost"));
      this.pending.clear();
      setTimeout(() => this.open(), 1000);
    });
  }

  show(text, kind) {
    if (!this.status) return;
    this.status.textContent = text;
    this.status.dataset.state = kind;
  }

  receive(message) {
    if (message.id !== undefined && this.pending.has(message.id)) {
      const p = this.pending.get(message.id);
      if (message.type === "error") {
        this.pending.delete(message.id);
        p.reject(new Error(message.message));
        return;
      }
      if (message.type === "thinking" || message.type === "queued") {
        if (p.progress) p.progress(message);
        return;
      }
      this.pending.delete(message.id);
      p.resolve(message);
      return;
    }
    for (const f of this.listeners.get(message.type) || []) f(message);
    for (const f of this.listeners.get("*") || []) f(message);
  }

  /** Sends a request; resolves with its reply (rejects with the server's error message). */
  request(message, progress = null) {
    const id = this.nextId++;
    const text = JSON.stringify({ ...message, id });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
      else this.queue.push(text);
    });
  }

  on(type, f) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(f);
  }

  /** Forgets every listener (a new page is shown). */
  reset() {
    this.listeners.clear();
    this.openListeners = [];
  }

  onOpen(f) {
    this.openListeners.push(f);
    if (this.ws.readyState === WebSocket.OPEN) f();
  }
}

/** The seat tokens this browser holds: { table: { seat: token } }, kept in localStorage. */
export const tokens = {
  all() {
    try {
      return JSON.parse(localStorage.getItem("kofun.tokens") || "{}");
    } catch {
      return {};
    }
  },
  of(table) {
    return this.all()[table] || {};
  },
  add(table, seat, token) {
    const all = this.all();
    all[table] = { ...(all[table] || {}), [seat]: token };
    localStorage.setItem("kofun.tokens", JSON.stringify(all));
  },
  list() {
    return Object.values(this.all()).flatMap((seats) => Object.values(seats));
  },
};

/** The person's profile name (their own rating), kept in localStorage; "" when none was given. */
export const player = {
  get() {
    return (localStorage.getItem("kofun.player") || "").trim();
  },
  set(name) {
    localStorage.setItem("kofun.player", String(name).trim());
  },
};
