// Makes sure a Chromium the Playwright tests can drive is present, before `playwright test`.
// Order: CHROME_PATH or /usr/bin/chromium already working → apt-get install chromium (as root)
// → `npx playwright install chromium` (non-root). Exits 1 with a clear message when none works:
// browser tests are never skipped silently.
// Usage: node scripts/dev/ensure-chromium.mjs
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const target = process.env.CHROME_PATH || DEBIAN_CHROMIUM;

function version(executable) {
  if (!existsSync(executable)) return null;
  const result = spawnSync(executable, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) return null;
  return result.stdout.trim() || null;
}

function run(command, args) {
  console.log(`ensure-chromium: $ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.error) console.error(`ensure-chromium: ${command} failed to start: ${result.error.message}`);
  return result.status === 0;
}

function found(executable) {
  const v = version(executable);
  if (v) console.log(`ensure-chromium: using ${executable} (${v})`);
  return Boolean(v);
}

if (found(target)) process.exit(0);
console.log(`ensure-chromium: no working Chromium at ${target}`);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot) {
  if (run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium'])) {
    if (found(target)) process.exit(0);
    if (target !== DEBIAN_CHROMIUM && found(DEBIAN_CHROMIUM)) {
      console.error(
        `ensure-chromium: Chromium was installed at ${DEBIAN_CHROMIUM}, but CHROME_PATH=${target} does not work. ` +
          `Unset CHROME_PATH or point it at ${DEBIAN_CHROMIUM}.`,
      );
      process.exit(1);
    }
  }
} else {
  // Not root: Playwright's own Chromium build. playwright.config.ts uses it when neither
  // CHROME_PATH nor /usr/bin/chromium exists.
  if (run('npx', ['--no-install', 'playwright', 'install', 'chromium'])) {
    const { chromium } = await import('@playwright/test');
    const bundled = chromium.executablePath();
    if (process.env.CHROME_PATH) {
      if (found(bundled)) {
        console.error(
          `ensure-chromium: Playwright's Chromium is at ${bundled}, but CHROME_PATH=${target} does not work: unset CHROME_PATH.`,
        );
      }
    } else if (found(bundled)) {
      process.exit(0);
    }
  }
}

console.error(
  `ensure-chromium: FAILED: no working Chromium at ${target}. The browser tests cannot run.\n` +
    `  As root:   apt-get update && apt-get install -y chromium\n` +
    `  Or set CHROME_PATH to a Chromium/Chrome executable.`,
);
process.exit(1);
