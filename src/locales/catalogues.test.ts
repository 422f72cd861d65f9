/**
 * Every interface string goes through i18next with complete ro and en catalogues (issue #2):
 * both catalogues have the same keys, no empty message, and every literal key the code
 * uses exists (plural keys via their _one/_other forms).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ro from './ro.json';
import en from './en.json';

const srcDir = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const patterns = [
    /\bt\(\s*['"]([a-z_]+(?:\.[a-z_]+)*)['"]/g,
    /(?:title|label):\s*['"]((?:routes|account)\.[a-z_]+)['"]/g,
    /coming\([^,]+,\s*['"]([a-z_.]+)['"]/g,
  ];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) keys.add(match[1]!);
  }
  return keys;
}

const has = (catalogue: Record<string, string>, key: string) =>
  key in catalogue || `${key}_one` in catalogue || `${key}_other` in catalogue;

describe('translation catalogues', () => {
  it('ro and en have exactly the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ro).sort());
  });

  it('have no empty messages', () => {
    for (const [key, value] of [...Object.entries(ro), ...Object.entries(en)]) expect(value.trim(), key).not.toBe('');
  });

  it('contain every key the interface uses', () => {
    const keys = usedKeys();
    expect(keys.size).toBeGreaterThan(50);
    const missing = [...keys].filter((key) => !has(ro, key) || !has(en, key));
    expect(missing).toEqual([]);
  });
});
