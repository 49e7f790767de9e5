// Move sounds, made on the spot with WebAudio (no recorded files): a short
// wooden knock for a move, a deeper double knock for a capture, a bright
// tone for check, a chord for the end of the game. Muted with the page's
// switch, remembered in localStorage.
const KEY = 'arbiter.muted';
let audio = null;

export function muted() {
  return localStorage.getItem(KEY) === '1';
}

export function setMuted(value) {
  localStorage.setItem(KEY, value ? '1' : '0');
}

function context() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

// One decaying tone: a knock when short and low, a bell when long and high.
function tone(ctx, at, freq, length, gain, type = 'triangle') {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  osc.frequency.exponentialRampToValueAtTime(freq * 0.6, at + length);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.005);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

const SOUNDS = {
  move: (ctx, t) => tone(ctx, t, 520, 0.08, 0.35),
  capture: (ctx, t) => { tone(ctx, t, 300, 0.09, 0.45); tone(ctx, t + 0.05, 220, 0.1, 0.35); },
  check: (ctx, t) => { tone(ctx, t, 520, 0.08, 0.35); tone(ctx, t + 0.06, 880, 0.18, 0.2, 'sine'); },
  end: (ctx, t) => { for (const [i, f] of [523, 659, 784].entries()) tone(ctx, t + i * 0.09, f, 0.5, 0.2, 'sine'); },
  notify: (ctx, t) => tone(ctx, t, 740, 0.25, 0.15, 'sine'),
};

// The sounds played so far, for tests and for anyone curious.
export const played = [];

export function play(name) {
  if (muted() || !SOUNDS[name]) return;
  played.push(name);
  const ctx = context();
  if (ctx) SOUNDS[name](ctx, ctx.currentTime + 0.01);
}
