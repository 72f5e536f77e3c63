import { beforeAll, describe, expect, it } from "vitest";
import { FarmerSchema, FARMER_MESSAGES as M } from "#worker/contracts/farmer";
import { prepareFarmer, registerFarmer } from "#worker/services/registry/register-farmer";
import { sessionAs } from "./factories";
import {
  agent,
  all,
  apiCall,
  type Created,
  db,
  decode,
  farmerLogin,
  inspector,
  nextIp,
  one,
  postJson,
  registration,
  signInRegistryStaff,
} from "./farmers-fixtures";
import { call, postForm } from "./helpers";

beforeAll(signInRegistryStaff);

describe("POST /api/farmers", () => {
  it("registers the farmer, their crops, a farmer account and audit rows, and the farmer can sign in", async () => {
    const before = await one<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log");
    const body = registration();
    const res = await postJson("/api/farmers", inspector.token, body);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Created;
    expect(created.success).toBe(true);
    expect(created.created).toBe(true);
    expect(created.farmer.farmerId).toMatch(/^FRM\d{6}$/);
    expect(created.farmer).toMatchObject({
      firstName: "Gbessay",
      lastName: "Zinnah",
      phone: "+231 88 655 5010",
      county: "Grand Bassa County",
      crops: ["Cassava", "Plantain"],
      nationalId: "LR7700110",
      status: "active",
      registeredBy: inspector.account.id,
      hasPhoto: false,
    });
    expect(created.temporaryPassword).toMatch(/^[a-z2-9]{10}$/);
    const { farmerId } = created.farmer;

    const row = await one<Record<string, unknown>>("SELECT * FROM farmers WHERE farmer_id = ?", farmerId);
    expect(row).toMatchObject({
      name_key: "gbessay zinnah",
      last_name_key: "zinnah gbessay",
      import_key: body.submissionId,
      registered_by: inspector.account.id,
    });
    expect(row.registration_date).toBe(new Date().toISOString().slice(0, 10));
    expect(await all("SELECT crop FROM farmer_crops WHERE farmer_id = ? ORDER BY crop", farmerId)).toEqual([
      { crop: "Cassava" },
      { crop: "Plantain" },
    ]);

    const account = await one<Record<string, unknown>>("SELECT * FROM users WHERE id = ?", row.user_id);
    expect(account).toMatchObject({
      login_id: farmerId,
      role: "farmer",
      must_change_password: 1,
      county: "Grand Bassa County",
      phone: "+231 88 655 5010",
      is_demo: 0,
    });
    expect(String(account.password_hash)).toMatch(/^scrypt\$/);
    expect(String(account.password_hash)).not.toContain(created.temporaryPassword!);

    const audit = await all<Record<string, string>>(
      "SELECT * FROM audit_log WHERE id > ? ORDER BY id",
      (await before).n,
    );
    expect(audit.map((a) => [a.action, a.entity_type, a.entity_id, a.actor_id, a.actor_role])).toEqual([
      ["farmer.register", "farmer", farmerId, inspector.account.id, "land_inspector"],
      ["user.create", "user", row.user_id, inspector.account.id, "land_inspector"],
    ]);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      farmerId,
      county: "Grand Bassa County",
      crops: ["Cassava", "Plantain"],
    });
    expect(audit.map((a) => a.after).join("")).not.toContain(created.temporaryPassword!);

    // The farmer signs in with the farmer ID and the temporary password, and must change it first.
    const login = await farmerLogin(farmerId, created.temporaryPassword!);
    expect(login.status).toBe(200);
    expect(login.body.success).toBe(true);
    const me = (await (await apiCall("/api/auth/me", login.body.token!)).json()) as {
      user: { role: string; mustChangePassword: boolean };
    };
    expect(me.user).toMatchObject({ role: "farmer", mustChangePassword: true });

    const portal = await postForm(
      "/farmer-login-portal",
      null,
      { _form: "farmer-portal", credentialId: farmerId, password: created.temporaryPassword! },
      { "CF-Connecting-IP": nextIp() },
    );
    expect(portal.status).toBe(302);
    expect(portal.headers.get("location")).toBe("/change-password");
  });

  it("issues IDs in sequence: the highest FRM + 6-digit ID plus one", async () => {
    const a = (await (
      await postJson("/api/farmers", agent.token, registration({ nationalId: undefined }))
    ).json()) as Created;
    const b = (await (
      await postJson("/api/farmers", agent.token, registration({ nationalId: undefined, firstName: "Sumo" }))
    ).json()) as Created;
    expect(Number(b.farmer.farmerId.slice(3))).toBe(Number(a.farmer.farmerId.slice(3)) + 1);
    const highest = await one<{ id: string }>(
      "SELECT max(id) AS id FROM (SELECT farmer_id AS id FROM farmers UNION ALL SELECT login_id_normalized FROM users WHERE role = 'farmer')",
    );
    expect(highest.id).toBe(b.farmer.farmerId);
  });

  it("a repeated submission ID returns the same farmer, never a duplicate", async () => {
    const body = registration({ nationalId: "LR7700222", firstName: "Yassah" });
    const first = await postJson("/api/farmers", inspector.token, body);
    expect(first.status).toBe(201);
    const a = (await first.json()) as Created;
    const again = await postJson("/api/farmers", inspector.token, body);
    expect(again.status).toBe(200);
    const b = (await again.json()) as Created;
    expect(b.created).toBe(false);
    expect(b.farmer.farmerId).toBe(a.farmer.farmerId);
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", body.submissionId)).toEqual({ n: 1 });
    expect(await one("SELECT COUNT(*) AS n FROM users WHERE login_id = ?", a.farmer.farmerId)).toEqual({ n: 1 });
    expect(await one("SELECT COUNT(*) AS n FROM farmer_crops WHERE farmer_id = ?", a.farmer.farmerId)).toEqual({
      n: 2,
    });

    // The first answer may never have arrived: the account is unused, so a fresh password replaces it.
    expect(b.temporaryPassword).toMatch(/^[a-z2-9]{10}$/);
    expect(b.temporaryPassword).not.toBe(a.temporaryPassword);
    expect((await farmerLogin(a.farmer.farmerId, a.temporaryPassword!)).status).toBe(401);
    expect((await farmerLogin(a.farmer.farmerId, b.temporaryPassword!)).status).toBe(200);
    expect(
      await one(
        "SELECT action FROM audit_log WHERE action = 'user.reissue_password' AND entity_id = (SELECT user_id FROM farmers WHERE farmer_id = ?)",
        a.farmer.farmerId,
      ),
    ).toEqual({
      action: "user.reissue_password",
    });

    // Once the farmer has signed in, a repeat changes nothing and reveals nothing.
    const third = (await (await postJson("/api/farmers", inspector.token, body)).json()) as Created;
    expect(third).toMatchObject({ created: false, temporaryPassword: null, farmer: { farmerId: a.farmer.farmerId } });
    // Someone else repeating the submission never gets a password either.
    const other = (await (await postJson("/api/farmers", agent.token, body)).json()) as Created;
    expect(other.temporaryPassword).toBeNull();
  });

  it("refuses a national ID already registered, naming the farmer who holds it", async () => {
    const first = (await (
      await postJson("/api/farmers", inspector.token, registration({ nationalId: "LR-99-00-77" }))
    ).json()) as Created;
    const count = await one<{ n: number }>("SELECT COUNT(*) AS n FROM farmers");
    const res = await postJson(
      "/api/farmers",
      inspector.token,
      registration({ nationalId: "lr 990077", firstName: "Other" }),
    );
    expect(res.status).toBe(409);
    const message = `This national ID number is already registered to farmer ${first.farmer.farmerId}`;
    expect(await res.json()).toEqual({ success: false, message, errors: { nationalId: [message] } });
    expect(await one("SELECT COUNT(*) AS n FROM farmers")).toEqual(count);
  });

  it("answers 400 with every message for an invalid body", async () => {
    const res = await postJson("/api/farmers", inspector.token, {
      firstName: " ",
      dateOfBirth: "2015-01-01",
      phone: "12",
      crops: ["Tea"],
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: false; message: string; errors: Record<string, string[]> };
    expect(body.success).toBe(false);
    expect(body.message).toBe(M.firstName);
    expect(body.errors).toEqual({
      firstName: [M.firstName],
      lastName: [M.lastName],
      gender: [M.gender],
      dateOfBirth: [M.dateOfBirthAge],
      phone: [M.phone],
      county: [M.county],
      community: [M.community],
      "crops.0": [M.cropUnknown],
    });
    const notJson = await apiCall("/api/farmers", inspector.token, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "x",
    });
    expect(notJson.status).toBe(415);
  });
});

describe("registerFarmer when another registration gets there first", () => {
  const actor = { id: "demo-office-admin", role: "office_admin" };
  const fields = (submissionId: string) =>
    FarmerSchema.parse(registration({ submissionId, nationalId: undefined, firstName: "Race" }));
  const squatter = async (farmerId: string, importKey: string) => {
    const { statements } = prepareFarmer(
      FarmerSchema.parse(registration({ nationalId: undefined, firstName: "First" })),
      {
        db: db(),
        actor,
        farmerId,
        id: crypto.randomUUID(),
        registrationDate: "2026-02-01",
        importKey,
      },
    );
    await db().batch(statements);
  };
  const highest = async () =>
    (
      await one<{ id: string }>(
        "SELECT max(farmer_id) AS id FROM farmers WHERE farmer_id GLOB 'FRM[0-9][0-9][0-9][0-9][0-9][0-9]'",
      )
    ).id;

  it("takes the next free ID when its ID was taken between the check and the write", async () => {
    const taken = `FRM${String(Number((await highest()).slice(3)) + 1).padStart(6, "0")}`;
    const result = await registerFarmer(fields(crypto.randomUUID()), {
      db: db(),
      actor,
      newPassword: () => "race-pass-1",
      // Runs after the ID was chosen and before the batch: another registration lands then.
      hash: async (secret) => {
        await squatter(taken, crypto.randomUUID());
        return `test$${secret}`;
      },
    });
    expect(result.ok && result.value.created).toBe(true);
    if (!result.ok) throw new Error("expected success");
    expect(result.value.farmer.farmerId).toBe(`FRM${String(Number(taken.slice(3)) + 1).padStart(6, "0")}`);
    expect(await one("SELECT first_name FROM farmers WHERE farmer_id = ?", taken)).toEqual({ first_name: "First" });
    expect(await one("SELECT COUNT(*) AS n FROM users WHERE login_id = ?", taken)).toEqual({ n: 0 });
  });

  it("answers with the other farmer when the same submission was stored meanwhile", async () => {
    const submissionId = crypto.randomUUID();
    let squatterId = "";
    const result = await registerFarmer(fields(submissionId), {
      db: db(),
      actor,
      newPassword: () => "race-pass-2",
      hash: async (secret) => {
        squatterId = `FRM${String(Number((await highest()).slice(3)) + 1).padStart(6, "0")}`;
        await squatter(squatterId, submissionId);
        return `test$${secret}`;
      },
    });
    expect(result).toMatchObject({
      ok: true,
      value: { created: false, farmer: { farmerId: squatterId, firstName: "First" } },
    });
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 1 });
  });

  it("a photo that cannot be stored leaves no photo key behind, and says so", async () => {
    const result = await registerFarmer(
      {
        ...fields(crypto.randomUUID()),
        photo: { body: new Uint8Array([0xff, 0xd8, 0xff]).buffer, contentType: "image/jpeg" },
      },
      {
        db: db(),
        actor,
        newPassword: () => "photo-pass",
        hash: async (s) => `test$${s}`,
        photos: { put: async () => Promise.reject(new Error("R2 down")) },
      },
    );
    if (!result.ok) throw new Error("expected success");
    expect(result.value.photoError).toBe("The farmer was registered, but the photo could not be stored.");
    expect(result.value.farmer.hasPhoto).toBe(false);
    expect(await one("SELECT photo_key FROM farmers WHERE farmer_id = ?", result.value.farmer.farmerId)).toEqual({
      photo_key: null,
    });
    expect(
      await one(
        "SELECT action FROM audit_log WHERE entity_id = ? ORDER BY id DESC LIMIT 1",
        result.value.farmer.farmerId,
      ),
    ).toEqual({ action: "farmer.clear_photo" });
  });
});

describe("who may use the registry", () => {
  it("farmers, buyers and exporters get 403; signed out gets 401", async () => {
    for (const role of ["farmer", "buyer", "exporter"]) {
      const { token } = await sessionAs(role);
      expect((await postJson("/api/farmers", token, registration())).status, role).toBe(403);
      expect((await apiCall("/api/farmers", token)).status, role).toBe(403);
      expect((await apiCall("/api/farmers/FRM000001", token)).status, role).toBe(403);
    }
    expect((await postJson("/api/farmers", null, registration())).status).toBe(401);
    expect((await apiCall("/api/farmers")).status).toBe(401);
    expect((await apiCall("/api/farmers/FRM000001/photo")).status).toBe(401);
  });

  it("a port inspector may read the registry but not register farmers", async () => {
    const { token, cookie } = await sessionAs("port_inspector");
    expect((await apiCall("/api/farmers", token)).status).toBe(200);
    expect((await postJson("/api/farmers", token, registration())).status).toBe(403);
    const page = await call("/onboard-farmer", { headers: { Cookie: cookie } });
    expect(page.status).toBe(403);
    expect(decode(await page.text())).toContain("You cannot open Onboard a farmer");
    expect((await call("/farmers-list", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("pages: farmer, buyer and exporter get 403; signed out goes to the portals", async () => {
    for (const role of ["farmer", "buyer", "exporter"]) {
      const { cookie } = await sessionAs(role);
      for (const path of ["/onboard-farmer", "/farmers-list", "/farmers/FRM000001"]) {
        const res = await call(path, { headers: { Cookie: cookie } });
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(decode(await res.text())).toContain("403 — Access denied");
      }
    }
    for (const path of ["/onboard-farmer", "/farmers-list"]) {
      const res = await call(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/portals?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("the login endpoint under /api/farmers still works for farmers", async () => {
    const res = await postJson("/api/farmers/login", null, { credentialId: "FRM000001", password: "Farmer#2026" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, farmer: { farmerId: "FRM000001" } });
  });
});
