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
    this.open();
  }

  open() {
    this.onState('connecting');
    const socket = new WebSocket(`ws://${location.host}/panel`);
    this.socket = socket;
    let opened = false;
    socket.addEventListener('open', () => {
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
      for (const resolve of this.pending.values()) resolve({ ok: false, error: 'the connection to the host closed' });
      this.pending.clear();
      // A socket refused before it ever opened most likely lacks a session: the page says how to sign in.
      // Once connected, a first drop is retried quietly; a retry that fails too means the host stopped
      // or restarted (a restarted host has a new port and new sign-ins), and the page says what to do.
      this.onState(!this.everConnected ? 'signed-out' : opened ? 'reconnecting' : 'host-gone');
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
