// A second browser engine: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi.
//
//   node --test e2e/firefox/           (after `make build`; `make test` runs it)
//
// Loads the runtime check page and checks that Python ran the engine built from tripeaks/, that the
// page set its ready flag, that Python started from the build's snapshot, that nothing failed and that no
// request left the page's origin.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { firefoxSession, foreign, ROOT, waitReady, watchedPage } from "./helpers.mjs";

const session = firefoxSession();

test("Firefox boots Pyodide and runs the engine from tripeaks/", async () => {
  const { server, browser } = session;
  const { page, seen, errors } = await watchedPage(browser);
  await page.goto(`${server.url}/bootcheck.html`);
  await waitReady(page);

  const manifest = JSON.parse(readFileSync(resolve(ROOT, "web/vendor/engine.json"), "utf8"));
  const version = await page.$eval("#version", (el) => el.textContent);
  assert.equal(version, manifest.version);
  const report = JSON.parse(await page.$eval("#files", (el) => el.textContent));
  assert.deepEqual(report.files, manifest.files);
  // Python started from the build's snapshot of Pyodide's memory, made on Node (web/interpreter.mjs)
  const start = await page.evaluate(() => document.documentElement.dataset.pythonStart);
  assert.equal(start, "snapshot");
  assert.deepEqual(foreign(seen, server.url), []);
  assert.deepEqual(errors, []);
  await page.close();
});
