// Helpers for the Firefox checks (*.test.mjs here): Debian's firefox-esr driven by puppeteer-core over
// WebDriver BiDi, against scripts/serve.py on a free port. Playwright cannot drive this Firefox ESR.

import { after, before } from "node:test";
import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const FIREFOX = process.env.FIREFOX ?? "/usr/bin/firefox-esr";
const PYTHON = process.env.PYTHON ?? (process.env.VIRTUAL_ENV ? `${process.env.VIRTUAL_ENV}/bin/python` : "python3");
const READY_TIMEOUT_MS = 120_000;

/** scripts/serve.py on a free port; resolves to { url, stop }. */
export function serve() {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(PYTHON, [resolve(ROOT, "scripts/serve.py"), "--port", "0", "--quiet"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.on("error", reject);
    child.stdout.setEncoding("utf8");
    child.stdout.once("data", (line) => {
      const url = line.split(/\s+/).find((word) => word.startsWith("http://"));
      if (!url) reject(new Error(`scripts/serve.py did not print its address: ${line}`));
      else resolvePromise({ url: url.replace(/\/$/, ""), stop: () => child.kill() });
    });
  });
}

export function launch() {
  return puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true });
}

/** Records every request of the page; returns the list it fills. */
export function watchRequests(page) {
  const seen = [];
  page.on("request", (request) => seen.push(request.url()));
  return seen;
}

export function foreign(urls, origin) {
  const own = new URL(origin).origin;
  return urls.filter((url) => !/^(data|blob|about):/.test(url) && new URL(url).origin !== own);
}

export function waitReady(page, timeout = READY_TIMEOUT_MS) {
  return page.waitForFunction(() => document.documentElement.dataset.ready === "1", { timeout, polling: 100 });
}

/**
 * The set-up every Firefox test file shares: before its tests, scripts/serve.py and a Firefox; after them,
 * both stopped. Returns an object whose `server` and `browser` are set once before() has run.
 */
export function firefoxSession() {
  const session = { server: null, browser: null };
  before(async () => {
    session.server = await serve();
    session.browser = await launch();
  });
  after(async () => {
    await session.browser?.close();
    session.server?.stop();
  });
  return session;
}

/** A new page that records every request it makes (`seen`) and every uncaught error (`errors`). */
export async function watchedPage(browser) {
  const page = await browser.newPage();
  const seen = watchRequests(page);
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  return { page, seen, errors };
}
