// The link between a presenter's window and its projector window(s): a BroadcastChannel
// (same origin, no server, works offline) named after a short channel id. Messages are small
// objects {type, channel, from, role, seq, …}; `from` names the window, `seq` counts its
// messages (a late or repeated one is dropped).
//   hello   a window joins (role "presenter" or "projector")
//   welcome the presenter answers a projector's hello (and a projector a presenter's)
//   taken   the presenter answers another presenter's hello: the channel is in use
//   bye     a window goes away (pagehide)
// Every other type is the caller's (the table's state, what the class is shown).

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"; // none read as another (0/O, 1/I/L)
const CHANNEL_ID = /^[A-Z0-9]{4,12}$/;

/** A new channel id: four characters people can read out and type. */
export function newChannelId() {
  const values = crypto.getRandomValues(new Uint32Array(4));
  return Array.from(values, (v) => ALPHABET[v % ALPHABET.length]).join("");
}

/** Whether `text` is a channel id (an address is hostile: anything else is refused). */
export function isChannelId(text) {
  return typeof text === "string" && CHANNEL_ID.test(text);
}

/**
 * Join `channel` as `role`. `on(message)` hears the other windows' messages (never this
 * one's own). Returns {send(type, fields), close(), id}: close says goodbye.
 */
export function openLink(channel, role, on) {
  const id = newChannelId() + newChannelId(); // this window
  const port = new BroadcastChannel(`ludoteca-present-${channel}`);
  let seq = 0;
  const seen = new Map(); // window → the last seq heard from it
  port.onmessage = ({ data }) => {
    if (!data || typeof data !== "object" || data.channel !== channel || data.from === id) return;
    if (typeof data.type !== "string" || typeof data.from !== "string") return;
    if (!Number.isInteger(data.seq) || data.seq <= (seen.get(data.from) ?? 0)) return;
    seen.set(data.from, data.seq);
    on(data);
  };
  const send = (type, fields = {}) => {
    seq += 1;
    port.postMessage({ ...fields, type, channel, from: id, role, seq });
  };
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    send("bye");
    port.close();
    removeEventListener("pagehide", close);
  };
  addEventListener("pagehide", close);
  return { send, close, id };
}
