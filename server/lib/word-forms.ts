/**
 * Romanian word forms → their lemma (issue 40, ADR 035): the table expanded from the Hunspell
 * ro_RO dictionary by scripts/generate/build-word-forms.ts and checked in as romanian-word-forms.txt.gz
 * ("jocuri", "jocurile", "jocul" → "joc"; "rucsacuri" → "rucsac"). Folded words on both sides.
 *
 * Read once per process, on first use (synchronously, ~0.1 s; ~14 MB, see WordForms); the server
 * reads it at start, before it listens, so no request waits for it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const FILE = path.join(import.meta.dirname, 'romanian-word-forms.txt.gz');

/**
 * The decompressed file as bytes (letters a-z, spaces, newlines) and two open-addressing hash
 * tables over it: one from each form to its line (whose first word is the lemma), one from each
 * lemma to its line. ~14 MB in all, against ~50 MB for a Map of 450 000 strings.
 */
interface WordForms {
  text: Buffer;
  /** Slot → start of a form in text, or -1 (empty); mask = slots - 1. */
  formSlots: Int32Array;
  /** Slot of formSlots → start of that form's line. */
  formLines: Int32Array;
  lemmaSlots: Int32Array;
  mask: number;
  lemmaMask: number;
  /** Digest of the file: changes whenever the table does. */
  digest: string;
}

const SPACE = 32;
/** Marks a form the lemma shares with another lemma, which got it ("rasnit … ~rasnite"). */
const TILDE = 126;
const NEWLINE = 10;

/** FNV-1a over a word's bytes from start to the next space or newline (or over a string). */
function hashBytes(text: Buffer, start: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === SPACE || c === NEWLINE) break;
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  return hash >>> 0;
}

function hashString(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Whether the word at text[start…] (up to a space or newline) is `word`. */
function sameWord(text: Buffer, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) if (text[start + i] !== word.charCodeAt(i)) return false;
  const after = text[start + word.length];
  return after === undefined || after === SPACE || after === NEWLINE;
}

function wordAt(text: Buffer, start: number): string {
  let end = start;
  while (end < text.length && text[end] !== SPACE && text[end] !== NEWLINE) end++;
  return text.toString('latin1', start, end);
}

function tableSize(count: number): number {
  let size = 1024;
  while (size < count * 2) size *= 2;
  return size;
}

function load(): WordForms {
  const bytes = readFileSync(FILE);
  const text = gunzipSync(bytes);
  // Count words and lines first, to size the tables.
  let words = 0;
  let lines = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === SPACE) words++;
    else if (text[i] === NEWLINE) lines++;
  }
  const formSlots = new Int32Array(tableSize(words)).fill(-1);
  const formLines = new Int32Array(formSlots.length);
  const lemmaSlots = new Int32Array(tableSize(lines)).fill(-1);
  const mask = formSlots.length - 1;
  const lemmaMask = lemmaSlots.length - 1;
  let line = 0;
  while (line < text.length) {
    let end = text.indexOf(NEWLINE, line);
    if (end < 0) end = text.length;
    if (text[line] !== 35 /* # */) {
      let slot = hashBytes(text, line) & lemmaMask;
      while (lemmaSlots[slot] !== -1) slot = (slot + 1) & lemmaMask;
      lemmaSlots[slot] = line;
      let form = text.indexOf(SPACE, line) + 1;
      while (form > 0 && form < end) {
        if (text[form] !== TILDE) {
          slot = hashBytes(text, form) & mask;
          while (formSlots[slot] !== -1) slot = (slot + 1) & mask;
          formSlots[slot] = form;
          formLines[slot] = line;
        }
        const next = text.indexOf(SPACE, form);
        form = next < 0 || next > end ? end : next + 1;
      }
    }
    line = end + 1;
  }
  return { text, formSlots, formLines, lemmaSlots, mask, lemmaMask, digest: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
}

let table: WordForms | undefined;

function wordForms(): WordForms {
  return (table ??= load());
}

/** Only a-z words are in the table (folded Romanian); anything else is not looked up. */
const TABLE_WORD = /^[a-z]+$/;

/** The lemma of a folded word the dictionary knows as an inflected form; undefined otherwise. */
export function dictionaryLemma(word: string): string | undefined {
  if (!TABLE_WORD.test(word)) return undefined;
  const { text, formSlots, formLines, mask } = wordForms();
  for (let slot = hashString(word) & mask; formSlots[slot] !== -1; slot = (slot + 1) & mask) {
    if (sameWord(text, formSlots[slot]!, word)) return wordAt(text, formLines[slot]!);
  }
  return undefined;
}

/**
 * The inflected forms of a folded lemma the dictionary lists (without the lemma itself), also those
 * it shares with another lemma that search folds them to (for correcting typos: "rasnite" is a
 * form of both râșniță and râșnit).
 */
export function dictionaryForms(lemma: string): string[] {
  if (!TABLE_WORD.test(lemma)) return [];
  const { text, lemmaSlots, lemmaMask } = wordForms();
  for (let slot = hashString(lemma) & lemmaMask; lemmaSlots[slot] !== -1; slot = (slot + 1) & lemmaMask) {
    const line = lemmaSlots[slot]!;
    if (!sameWord(text, line, lemma)) continue;
    const end = text.indexOf(NEWLINE, line);
    return text
      .toString('latin1', line + lemma.length + 1, end < 0 ? text.length : end)
      .replace(/~/g, '')
      .split(' ');
  }
  return [];
}

/** A digest of the table (part of the search folding's version). */
export function wordFormsDigest(): string {
  return wordForms().digest;
}

/** Reads the table now (at server start) rather than on the first search. */
export function preloadWordForms(): void {
  wordForms();
}
