// The table's cues, synthesized with the Web Audio API (no sound files): soft sine and
// triangle tones with short envelopes, a card's flick from filtered noise, a dice rattle
// from a few short noise bursts, a little fanfare. Each cue is a function
// (audio, out, at) that schedules its notes on `audio` (an AudioContext) into `out` (the
// volume's GainNode) from time `at`, and returns how long it lasts in seconds.

const noises = new WeakMap();  // one second of white noise per AudioContext

function noiseOf(audio) {
  let buffer = noises.get(audio);
  if (!buffer) {
    buffer = audio.createBuffer(1, audio.sampleRate, audio.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    noises.set(audio, buffer);
  }
  return buffer;
}

/** A gain node shaped as a short envelope: a quick rise to `peak`, then a smooth decay. */
function envelope(audio, out, at, length, peak, attack = 0.008) {
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  gain.connect(out);
  return gain;
}

/** One tone: `type` ("sine", "triangle") at `hz`, `length` seconds long. */
function tone(audio, out, at, hz, length, { type = "sine", peak = 0.3 } = {}) {
  const osc = audio.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(hz, at);
  osc.connect(envelope(audio, out, at, length, peak));
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A burst of noise through a band-pass filter sweeping from `from` to `to` Hz. */
function burst(audio, out, at, length, { from, to, q = 1.2, peak = 0.35 }) {
  const source = audio.createBufferSource();
  source.buffer = noiseOf(audio);
  const filter = audio.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = q;
  filter.frequency.setValueAtTime(from, at);
  filter.frequency.exponentialRampToValueAtTime(to, at + length);
  source.connect(filter).connect(envelope(audio, out, at, length, peak, 0.003));
  source.start(at, Math.random() * 0.5);
  source.stop(at + length + 0.02);
}

// Notes (Hz) of the tunes: a major pentatonic around C5, which never clashes with itself.
const C5 = 523.25, E5 = 659.25, G5 = 783.99, A5 = 880, C6 = 1046.5;

/** Your turn: two soft rising notes, a doorbell's "ding-dong" upside down. */
function turn(audio, out, at) {
  tone(audio, out, at, E5, 0.35, { peak: 0.28 });
  tone(audio, out, at + 0.14, A5, 0.5, { peak: 0.25 });
  return 0.64;
}

/** A card played: a short flick of bright noise falling in pitch, with a soft tap. */
function card(audio, out, at) {
  burst(audio, out, at, 0.09, { from: 5200, to: 1800, q: 0.9, peak: 0.5 });
  tone(audio, out, at, 180, 0.06, { type: "triangle", peak: 0.12 });
  return 0.1;
}

/** Dice rolled: a few short clicks of noise, closer and softer as the dice settle. */
function dice(audio, out, at) {
  const hits = [0, 0.055, 0.1, 0.16, 0.205, 0.27];
  hits.forEach((offset, i) => {
    const pitch = 1600 + Math.random() * 1400;
    burst(audio, out, at + offset + Math.random() * 0.012, 0.035, { from: pitch * 1.4, to: pitch, q: 3, peak: 0.55 - i * 0.06 });
  });
  return 0.32;
}

/** A battle or a round won: a little fanfare, three quick notes and a held top note. */
function win(audio, out, at) {
  [C5, E5, G5].forEach((hz, i) => tone(audio, out, at + i * 0.09, hz, 0.16, { type: "triangle", peak: 0.22 }));
  tone(audio, out, at + 0.27, C6, 0.6, { type: "triangle", peak: 0.24 });
  tone(audio, out, at + 0.27, G5, 0.6, { peak: 0.1 });
  return 0.9;
}

/** The end of a game: a warm chord rolled upwards, fading slowly. */
function end(audio, out, at) {
  [C5, E5, G5, C6].forEach((hz, i) => tone(audio, out, at + i * 0.06, hz, 1.4 - i * 0.1, { peak: 0.14 }));
  return 1.4;
}

/** Every cue by name (the names a game's renderer may give, see sound.js). */
export const CUES = { turn, card, dice, win, end };
