import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { connectSandbox, customerWrites, SANDBOX_URL, sandboxNumber } from "./sandbox-support";
import {
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

let org: TestOrg;
let conversationId: string;
const NAME = "Marta Quiroga";

/** The message our worker stored for `wamid`, once its file (if any) is copied. */
async function stored(wamid: string, media: boolean): Promise<{ id: string; conversationId: string }> {
  let found: { id: string; conversationId: string } | undefined;
  await expect
    .poll(
      async () => {
        const m = await db().message.findFirst({
          where: { whatsappMessageId: wamid },
          include: { media: true },
        });
        if (!m?.conversationId || (media && !m.media?.storedAt)) return false;
        found = { id: m.id, conversationId: m.conversationId };
        return true;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  if (!found) throw new Error("not stored");
  return found;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  org = await seedOrganization();
  await connectSandbox();
  const number = await sandboxNumber();
  await createChannel({
    organizationId: org.id,
    name: "Store",
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
  const from = randomPhone().slice(1);
  const writes = (message: Record<string, unknown>) =>
    customerWrites(number.phoneNumberId, from, message, NAME);
  const image = await writes({ type: "image", image: { sample: "sample.jpg", caption: "The broken lamp" } });
  const doc = await writes({
    type: "document",
    document: { sample: "sample.pdf", filename: "Receipt 0412.pdf" },
  });
  const audio = await writes({ type: "audio", audio: { sample: "sample.ogg", voice: true } });
  const place = await writes({
    type: "location",
    location: { latitude: 40.4168, longitude: -3.7038, name: "Our shop", address: "Gran Vía 1, Madrid" },
  });
  const sticker = await writes({ type: "sticker", sticker: { sample: "sample.webp" } });
  conversationId = (await stored(image, true)).conversationId;
  for (const wamid of [doc, audio, sticker]) await stored(wamid, true);
  await stored(place, false);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a customer's photo, file, voice note, place and sticker open in the thread (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.agent, `/dashboard/conversations/${conversationId}`);
    const messages = page.getByRole("list", { name: "Messages" });
    const received = messages.getByRole("article", { name: "Received message" });
    await expect(received).toHaveCount(5, { timeout: 30_000 });

    // the image: a thumbnail drawn from our copy (not a broken image), which opens full size
    const thumb = messages.getByRole("button", { name: /Open image full size: The broken lamp/ });
    await expect(thumb).toBeVisible();
    const img = thumb.getByRole("img", { name: "The broken lamp" });
    await expect(img).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    const box = await img.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(240);

    // the voice note: a player with controls
    const audio = messages.locator("audio");
    await expect(audio).toHaveAttribute("controls", "");
    await expect(audio).toHaveAttribute("src", /^\/media\//);

    // the document: its name, size and a Download link that answers 200 as an attachment
    await expect(messages.getByRole("paragraph").filter({ hasText: /^Receipt 0412\.pdf$/ })).toBeVisible();
    const download = messages.getByRole("link", { name: "Download Receipt 0412.pdf" });
    await expect(download).toBeVisible();
    const href = (await download.getAttribute("href")) ?? "";
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toMatch(/^attachment/);
    expect(res.headers()["content-type"]).toBe("application/pdf");

    // the place: name, address and a link to the map (never loaded by us)
    await expect(messages.getByText("Gran Vía 1, Madrid")).toBeVisible();
    await expect(messages.getByRole("link", { name: /Open map of Our shop/ })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=40.4168&mlon=-3.7038#map=16/40.4168/-3.7038",
    );

    // the sticker: drawn at a sticker's size
    const sticker = messages.getByRole("img", { name: "Sticker" });
    await expect
      .poll(() => sticker.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    expect((await sticker.boundingBox())?.width).toBe(128);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `thread-media-${viewport.width}`);

    await thumb.click();
    const dialog = page.getByRole("dialog");
    const full = dialog.getByRole("img", { name: "The broken lamp" });
    await expect(full).toBeVisible();
    await expect
      .poll(() => full.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `thread-media-full-${viewport.width}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
}
