// A second browser engine: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi.
//
//   node --test e2e/firefox/           (after `make build`; `make test` runs it)
//
// Loads the runtime check page and checks that Python ran the engine built from tripeaks/, that the
// page set its ready flag, that nothing failed and that no request left the page's origin.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { foreign, launch, ROOT, serve, waitReady, watchRequests } from "./helpers.mjs";

let server;
let browser;

before(async () => {
  server = await serve();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

test("Firefox boots Pyodide and runs the engine from tripeaks/", async () => {
  const page = await browser.newPage();
  const seen = watchRequests(page);
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(`${server.url}/bootcheck.html`);
  await waitReady(page);

  const manifest = JSON.parse(readFileSync(resolve(ROOT, "web/vendor/engine.json"), "utf8"));
  const version = await page.$eval("#version", (el) => el.textContent);
  assert.equal(version, manifest.version);
  const report = JSON.parse(await page.$eval("#files", (el) => el.textContent));
  assert.deepEqual(report.files, manifest.files);
  assert.deepEqual(foreign(seen, server.url), []);
  assert.deepEqual(errors, []);
  await page.close();
});
