/**
 * The scripts' command line in one place: node:util parseArgs with `--help`/`-h` added; a bad
 * option prints Node's message and the usage and exits 2, `--help` prints the usage and exits 0.
 */
import { parseArgs } from 'node:util';

/** @param {string} usage @param {import('node:util').ParseArgsConfig} config */
export function readCli(usage, config = {}) {
  let parsed;
  try {
    parsed = parseArgs({ ...config, options: { ...config.options, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}
