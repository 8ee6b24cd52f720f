// The core journey in a second browser engine (Firefox ESR over WebDriver BiDi): load a deal from
// its URL, play a card by clicking, draw, undo, reload and carry on, and Continue a saved game from
// another deal's link. The Playwright suite in Chromium covers everything else.

import { test } from "node:test";
import assert from "node:assert/strict";
import { firefoxSession, foreign, waitReady, watchedPage } from "./helpers.mjs";

const session = firefoxSession();

async function state(page) {
  return JSON.parse(await page.evaluate(() => window.tripeaksState()));
}

function playableSlot(data) {
  const playable = new Set(data.playable);
  return data.slots.findIndex((seen) => seen.state === "up" && seen.free && playable.has(seen.card));
}

async function until(page, check, what) {
  for (let i = 0; i < 100; i += 1) {
    const data = await state(page);
    if (check(data)) return data;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the page never showed ${what}`);
}

test("Firefox plays a deal from its URL, draws, undoes, reloads and continues", async () => {
  const { server, browser } = session;
  const { page, seen, errors } = await watchedPage(browser);

  await page.goto(`${server.url}/index.html?deal=1&rules=standard`);
  await waitReady(page);
  let data = await state(page);
  assert.equal(data.number, 1);
  assert.equal(data.moves.length, 0);

  const slot = playableSlot(data);
  assert.ok(slot >= 0, "deal 1 starts with a playable card");
  const card = data.slots[slot].card;
  await page.click(`#layout [data-slot="${slot}"]`);
  data = await until(page, (d) => d.moves.length === 1, "the played card");
  assert.deepEqual(data.moves, [card]);
  assert.equal(data.waste, card);
  assert.equal(data.score, 1);

  await page.click("#draw");
  data = await until(page, (d) => d.moves.length === 2, "the draw");
  assert.equal(data.moves[1], "draw");
  assert.equal(data.stock, 22);
  assert.equal(data.score, -4);

  await page.click("#undo");
  data = await until(page, (d) => d.moves.length === 1, "the undo");
  assert.equal(data.stock, 23);
  assert.equal(data.score, 1);
  await page.click("#stock");
  data = await until(page, (d) => d.moves.length === 2, "the second draw");

  // A reload puts the same game back, history and all.
  await page.reload();
  await waitReady(page);
  data = await until(page, (d) => d.moves.length === 2, "the saved game after a reload");
  assert.deepEqual(data.moves, [card, "draw"]);
  await page.click("#undo");
  data = await until(page, (d) => d.moves.length === 1, "an undo after the reload");

  // Another deal's link offers to continue the game in progress.
  await page.goto(`${server.url}/index.html?deal=2&rules=standard`);
  await waitReady(page);
  data = await state(page);
  assert.equal(data.number, 2);
  const [button] = await page.$$("xpath/.//div[@id='notices']//button[normalize-space()='Continue']");
  assert.ok(button, "a Continue button is offered");
  await button.click();
  data = await until(page, (d) => d.number === 1, "the continued game");
  assert.deepEqual(data.moves, [card]);

  assert.deepEqual(foreign(seen, server.url), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Firefox plays Triangle: a pair selected and removed, then back to TriPeaks", async () => {
  const { server, browser } = session;
  const { page, seen, errors } = await watchedPage(browser);

  await page.goto(`${server.url}/index.html?game=triangle&deal=1`);
  await waitReady(page);
  let data = await state(page);
  assert.equal(data.game, "triangle");
  assert.equal(data.stock_top, "9s");
  assert.equal(data.waste, "4c");
  await page.click("#stock"); // the 9 of spades, selected
  data = await until(page, (d) => d.selected === "9s", "the selected card");
  await page.click("#waste-top"); // and the 4 of clubs: 13
  data = await until(page, (d) => d.moves.length === 1, "the pair removed");
  assert.deepEqual(data.moves, ["9s+4c"]);
  assert.equal(data.score, 2);
  const live = await page.$eval("#live", (el) => el.textContent);
  assert.match(live, /Removed the 9 of spades and the 4 of clubs: 50 cards left/);

  await page.reload();
  await waitReady(page);
  data = await until(page, (d) => d.moves.length === 1, "the Triangle game after a reload");
  assert.equal(data.game, "triangle");
  await page.click("#menu-open"); // the game switcher is in the menu
  await page.waitForSelector("#menu[open]");
  const [tripeaks] = await page.$$("xpath/.//fieldset[@id='games']//label[normalize-space()='TriPeaks']");
  await tripeaks.click();
  data = await until(page, (d) => d.game === "tripeaks", "TriPeaks again");

  assert.deepEqual(foreign(seen, server.url), []);
  assert.deepEqual(errors, []);
  await page.close();
});
