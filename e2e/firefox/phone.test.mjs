// The phone table in a second browser engine (Firefox ESR): at 390×844 and 360×740, every game fits the
// screen without a scroll, the widest row of cards spans the width, the stock and the waste are a thumb
// wide in the lower half, the bar's controls are 44 px or more and overlap nothing; a tap plays.

import { test } from "node:test";
import assert from "node:assert/strict";
import { firefoxSession, foreign, waitReady, watchedPage } from "./helpers.mjs";

const session = firefoxSession();

function measure() {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  };
  const shown = (el) => !el.hidden && getComputedStyle(el).display !== "none" && el.getBoundingClientRect().width > 0;
  return {
    width: innerWidth,
    height: innerHeight,
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    cards: [...document.querySelectorAll("#layout .card")].filter((el) => !el.classList.contains("gone")).map(box),
    bar: [...document.querySelectorAll("#controls button")].filter(shown).map(box),
    piles: [box(document.getElementById("stock")), box(document.getElementById("waste-top"))],
  };
}

const overlaps = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

for (const game of ["tripeaks", "triangle"]) {
  test(`Firefox fits ${game} on a phone and plays it`, async () => {
    const { server, browser } = session;
    const { page, seen, errors } = await watchedPage(browser);
    for (const [width, height] of [[390, 844], [360, 740]]) {
      await page.setViewport({ width, height, hasTouch: true, isMobile: true });
      await page.goto(`${server.url}/index.html?game=${game}&deal=3`);
      await waitReady(page);
      await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
      const seenNow = await page.evaluate(measure);
      assert.ok(seenNow.scroll[0] <= width && seenNow.scroll[1] <= height, `no scroll at ${width}×${height}`);
      const left = Math.min(...seenNow.cards.map((c) => c.x));
      const right = Math.max(...seenNow.cards.map((c) => c.x + c.w));
      assert.ok(right - left >= 0.92 * width, `the cards span ${right - left} of ${width}`);
      for (const card of [...seenNow.cards, ...seenNow.piles]) {
        assert.ok(card.x >= -0.5 && card.y >= -0.5 && card.x + card.w <= width + 0.5 && card.y + card.h <= height + 0.5,
          "no card is cut");
      }
      for (const pile of seenNow.piles) assert.ok(pile.w >= 56 && pile.y >= height / 2, "a pile under the thumb");
      assert.ok(seenNow.bar.length >= 4 && seenNow.bar.length <= 6);
      seenNow.bar.forEach((button, n) => {
        assert.ok(button.w >= 44 && button.h >= 44, "a control a thumb can hit");
        seenNow.bar.slice(n + 1).forEach((other) => assert.ok(!overlaps(button, other), "controls apart"));
      });
    }
    await page.click("#draw");
    await page.waitForFunction(() => JSON.parse(window.tripeaksState()).moves.length === 1);
    assert.deepEqual(foreign(seen, server.url), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
