/** Only the system administrator may seed the demo data (POST /api/demo/seed): 403 for staff, 401 signed out. */
import { describe, expect, it } from "vitest";
import { seed } from "./demo-seed-fixtures";
import { sessionAs } from "./factories";

describe("POST /api/demo/seed (demo mode on)", () => {
  it("is for the system administrator only", async () => {
    for (const role of ["office_admin", "dg", "buyer"]) {
      const { token } = await sessionAs(role);
      const res = await seed(token);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: "You do not have permission to do this" });
    }
    const anonymous = await seed();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ success: false, message: "Authentication required" });
  });
});
