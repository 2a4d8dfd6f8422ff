// The /panel WebSocket: connects with the session cookie the sign-in link set, reconnects with a
// growing delay, and pairs each command with its command_result by id.
export class PanelConnection {
  constructor({ onMessage, onState }) {
    this.onMessage = onMessage;
    this.onState = onState;
    this.pending = new Map();
    this.nextId = 1;
    this.everConnected = false;
    this.delay = 250;
    this.openLimit = 5000;
    this.open();
  }

  open() {
    this.onState('connecting');
    const socket = new WebSocket(`ws://${location.host}/panel`);
    this.socket = socket;
    let opened = false;
    let timedOut = false;
    // A handshake that neither opens nor fails (seen on a loaded machine) would leave the page at
    // "connecting…" for good: past the limit the attempt is dropped and tried again, with more time.
    const openTimer = setTimeout(() => {
      timedOut = true;
      this.openLimit = Math.min(this.openLimit * 2, 20000);
      socket.close();
    }, this.openLimit);
    socket.addEventListener('open', () => {
      clearTimeout(openTimer);
      opened = true;
      this.everConnected = true;
      this.delay = 250;
      this.onState('connected');
    });
    socket.addEventListener('message', (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type === 'command_result' && this.pending.has(message.id)) {
        const resolve = this.pending.get(message.id);
        this.pending.delete(message.id);
        resolve(message);
      }
      this.onMessage(message);
    });
    socket.addEventListener('close', () => {
      clearTimeout(openTimer);
      for (const resolve of this.pending.values()) resolve({ ok: false, error: 'the connection to the host closed' });
      this.pending.clear();
      // A socket refused before it ever opened most likely lacks a session: the page says how to sign in.
      // Once connected, a first drop is retried quietly; a retry that fails too means the host stopped
      // or restarted (a restarted host has a new port and new sign-ins), and the page says what to do.
      if (timedOut) this.onState('connecting');
      else this.onState(!this.everConnected ? 'signed-out' : opened ? 'reconnecting' : 'host-gone');
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    });
  }

  // Sends a command; resolves with its command_result ({ok, error, ...}).
  command(type, fields = {}) {
    const id = `web_${this.nextId++}`;
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN)
      return Promise.resolve({ ok: false, error: 'not connected to the host' });
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ ...fields, type, id }));
    });
  }
}
