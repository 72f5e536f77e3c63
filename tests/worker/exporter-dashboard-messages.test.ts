/**
 * /exporter-dashboard "Messages awaiting reply": the unread messages in the exporter's
 * threads, counted from what is stored (0 before; up by one when a buyer writes; 0 once read).
 */
import { expect, it } from "vitest";
import { sessionAs } from "./factories";
import { bearer, call, tradeTogether } from "./helpers";

async function awaiting(cookie: string) {
  const html = await (await call("/exporter-dashboard", { headers: { Cookie: cookie } })).text();
  const m = html.match(/data-testid="messages"[^>]*>\s*(\d+)/);
  expect(m, "the dashboard shows the count").not.toBeNull();
  return Number(m![1]);
}

it("counts the messages awaiting the exporter's reply", async () => {
  const exporter = await sessionAs("exporter");
  const buyer = await sessionAs("buyer");
  await tradeTogether(buyer.account.id, exporter.account.id);
  const before = await awaiting(exporter.cookie);
  const res = await bearer(buyer.token, "/api/messages/threads", "POST", {
    to: "person",
    loginId: exporter.account.loginId,
    subject: "Cocoa for March",
    body: "Can you take 2 tonnes?",
  });
  expect(res.status).toBe(201);
  const { threadId } = (await res.json()) as { threadId: string };
  expect(await awaiting(exporter.cookie)).toBe(before + 1);
  const read = await call(`/api/messages/threads/${threadId}/read`, {
    method: "POST",
    headers: { Authorization: `Bearer ${exporter.token}`, "Content-Type": "application/json" },
    body: "{}",
  });
  expect(read.status).toBe(200);
  expect(await awaiting(exporter.cookie)).toBe(before);
});
