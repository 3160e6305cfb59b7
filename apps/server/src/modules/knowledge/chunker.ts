import type { Block } from './parsers';

export interface Chunk {
  heading: string;
  content: string;
}

const TARGET = 1000;
const MAX = 1200;
const MIN = 800;

/** Sentence ends: . ! ? … followed by a space and a capital letter, digit or quote. */
const SENTENCE_END = /(?<=[.!?…])\s+(?=[«"(\p{Lu}\d])/u;

/**
 * Cuts blocks into passages of about 800–1200 characters: a heading starts a new passage and
 * stays attached to the passages under it, paragraphs and table rows are never split unless
 * one alone is too long, and then only between sentences (or, for a run-on text, between words).
 */
export function chunkBlocks(blocks: Block[]): Chunk[] {
  const chunks: Chunk[] = [];
  const headings: string[] = [];
  let parts: string[] = [];
  let size = 0;
  const heading = () => headings.filter(Boolean).join(' › ');
  const flush = () => {
    if (parts.length) chunks.push({ heading: heading(), content: parts.join('\n') });
    parts = [];
    size = 0;
  };
  const add = (text: string) => {
    if (size > 0 && size + text.length + 1 > MAX) flush();
    parts.push(text);
    size += text.length + 1;
    if (size >= TARGET) flush();
  };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      flush();
      headings.length = Math.min(headings.length, block.level - 1);
      while (headings.length < block.level - 1) headings.push('');
      headings.push(block.text.slice(0, 200));
      continue;
    }
    if (block.text.length <= MAX) add(block.text);
    else for (const piece of splitLong(block.text)) add(piece);
  }
  flush();
  // A heading with nothing under it still says something (a scanned title page, a one-line file).
  if (chunks.length === 0 && headings.length) chunks.push({ heading: '', content: heading() });
  return chunks;
}

function splitLong(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const sentence of text.split(SENTENCE_END).flatMap((s) => (s.length > MAX ? splitWords(s) : [s]))) {
    if (current && current.length + sentence.length + 1 > MAX) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current} ${sentence}` : sentence;
    if (current.length >= MIN) {
      pieces.push(current);
      current = '';
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

function splitWords(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && current.length + word.length + 1 > TARGET) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current} ${word}` : word.slice(0, MAX);
  }
  if (current) pieces.push(current);
  return pieces;
}
