import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./support";

/**
 * The accessibility gate every page passes through can fail: what axe finds on a page fails the
 * test that asked, and a page with a frame, whose inside the gate cannot scan reliably, fails
 * rather than passing unscanned.
 */
test("the axe gate fails on a violation in the page, and on a page with a frame", async ({ page }) => {
  await page.setContent(
    `<html lang="en"><head><title>gate</title></head><body><main><h1>Gate</h1><img src="data:,"></main></body></html>`,
  );
  await expect(expectNoAxeViolations(page, "a page with an image without text")).rejects.toThrow(/image-alt/);

  await page.setContent(
    `<html lang="en"><head><title>gate</title></head><body><main><h1>Gate</h1><img src="data:," alt="nothing"></main></body></html>`,
  );
  await expectNoAxeViolations(page, "the same page with the image's text");

  await page.setContent(
    `<html lang="en"><head><title>gate</title></head><body><main><h1>Gate</h1><iframe title="inner" srcdoc="<html lang=en><title>inner</title><button></button></html>"></iframe></main></body></html>`,
  );
  expect(page.frames()).toHaveLength(2);
  await expect(expectNoAxeViolations(page, "a page with a frame")).rejects.toThrow(
    /has 1 frame\(s\), whose inside this gate cannot scan reliably/,
  );
});
