import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const root = join(__dirname, '..', '..', '..');

export interface ChromiumBinary {
  executable: string;
  /** Folder of the libraries the binary brings along (NSS, NSPR, expat), or undefined for a system browser. */
  libraryPath?: string;
  /** The npm package version it came from, or undefined for CHROMIUM_PATH. */
  version?: string;
}

/**
 * The browser to drive: CHROMIUM_PATH when set, otherwise the Chromium that the `@sparticuz/chromium`
 * devDependency ships, unpacked on first use by scripts/prepare-chromium.mjs into node_modules/.cache.
 * So `npm install && npm test` needs nothing installed beyond Node and npm, and no root.
 */
export function chromiumBinary(): ChromiumBinary {
  const override = process.env.CHROMIUM_PATH;
  if (override !== undefined && override !== '') {
    if (!existsSync(override)) throw new Error(`CHROMIUM_PATH names ${override}, which does not exist.`);
    return { executable: override };
  }
  let out: string;
  try {
    out = execFileSync(process.execPath, [join(root, 'scripts', 'prepare-chromium.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? String(err);
    throw new Error(`The browser tests could not prepare Chromium from the @sparticuz/chromium package:\n${stderr}`, { cause: err });
  }
  return JSON.parse(out) as ChromiumBinary;
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Browser {
  context: BrowserContext;
  binary: ChromiumBinary;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile. A browser that cannot be prepared or launched is a
 * failure with the reason, never a skipped test: the browser tests must not pass by not running.
 */
export async function launchChromium(): Promise<Browser> {
  const binary = chromiumBinary();
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  if (binary.libraryPath !== undefined) {
    env.LD_LIBRARY_PATH = [binary.libraryPath, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  }
  const profile = mkdtempSync(join(tmpdir(), 'portico-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: binary.executable,
      headless: true,
      args: chromiumArgs,
      env,
      acceptDownloads: true,
      viewport: { width: 1024, height: 800 },
    });
    return {
      context,
      binary,
      async close() {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    throw err;
  }
}
