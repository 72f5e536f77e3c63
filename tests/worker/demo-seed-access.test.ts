/** Only the system administrator may seed the demo data (POST /api/demo/seed): 403 for staff, 401 signed out. */
import { describe, expect, it } from "vitest";
import { signInAs } from "./auth-helpers";
import { seed } from "./demo-seed-fixtures";

describe("POST /api/demo/seed (demo mode on)", () => {
  it("is for the system administrator only", async () => {
    for (const [role, ip] of [
      ["office_admin", "10.88.1.1"],
      ["dg", "10.88.1.2"],
      ["buyer", "10.88.1.3"],
    ] as const) {
      const { token } = await signInAs(role, ip);
      const res = await seed(token);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: "You do not have permission to do this" });
    }
    const anonymous = await seed();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ success: false, message: "Authentication required" });
  });
});
