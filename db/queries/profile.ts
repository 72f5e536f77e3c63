/** What /profile reads and changes about the signed-in account itself. */
import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { farmers, users } from "../schema";
import { NOW_SQL } from "./clock";

/** The registry record linked to a farmer's account, if any. */
export async function findFarmerByUserId(db: Database, userId: string) {
  const [row] = await db
    .select({
      farmerId: farmers.farmerId,
      firstName: farmers.firstName,
      lastName: farmers.lastName,
      phone: farmers.phone,
      county: farmers.county,
      district: farmers.district,
      community: farmers.community,
      registrationDate: farmers.registrationDate,
    })
    .from(farmers)
    .where(eq(farmers.userId, userId))
    .limit(1);
  return row ?? null;
}

export function setUserPhoneStatement(db: Database, userId: string, phone: string | null) {
  return db.update(users).set({ phone, updatedAt: NOW_SQL }).where(eq(users.id, userId));
}
