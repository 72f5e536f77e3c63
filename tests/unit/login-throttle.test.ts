import { describe, expect, it } from "vitest";
import { throttleAccount, throttleKeys } from "#worker/services/auth/login-throttle";
import { MANAGES, mayManage } from "#worker/services/auth/manage-users";

describe("throttleAccount (ADR 006)", () => {
  it("keys a resolved account on its id, however it was typed", () => {
    expect(throttleAccount("+231-77-999-0101", "u1")).toBe("user:u1");
    expect(throttleAccount("FRM000015", "u1")).toBe("user:u1");
  });

  it("keys an unresolved phone number on its digits, and an unresolved ID on its upper-case form", () => {
    for (const typed of ["231779990101", "+231-77-999-0101", "231779990101a", " +231 77 999 0101 "]) {
      expect(throttleAccount(typed, null)).toBe("tel:231779990101");
    }
    expect(throttleAccount(" frm000099 ", null)).toBe("id:FRM000099");
    expect(throttleAccount("EXP-20260115-009", undefined)).toBe("id:EXP-20260115-009");
  });

  it("derives the pair, account, address and known-address keys from the same account key", () => {
    expect(throttleKeys("user:u1", "192.0.2.1")).toEqual({
      pair: "pair:user:u1|192.0.2.1",
      account: "acct:user:u1",
      ip: "ip:192.0.2.1",
      known: "known:user:u1|192.0.2.1",
    });
  });
});

describe("who manages whom (ADR 005)", () => {
  it("the system administrator manages every role; an office administrator field, trade and observer accounts", () => {
    expect(mayManage("system_administrator", "dg")).toBe(true);
    expect(mayManage("system_administrator", "system_administrator")).toBe(true);
    for (const role of ["dg", "ddgots", "ddgaf", "office_admin", "system_administrator"]) {
      expect(mayManage("office_admin", role), role).toBe(false);
    }
    expect(MANAGES.office_admin).toEqual([
      "farmer",
      "buyer",
      "land_inspector",
      "port_inspector",
      "warehouse_inspector",
      "exporter",
      "monitoring_observer",
      "field_agent",
    ]);
    for (const role of MANAGES.office_admin ?? []) expect(mayManage("office_admin", role), role).toBe(true);
    expect(mayManage("dg", "farmer")).toBe(false);
    expect(mayManage("system_administrator", "no_such_role")).toBe(false);
  });
});
