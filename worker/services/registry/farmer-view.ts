/**
 * A farmer as the API and the pages show it: the stored row mapped to its view (never the
 * account's secrets), the registry list's rows, and where a farmer's photo lives in R2.
 */
import type { FarmerListItem, FarmerRow } from "#db/queries/farmers";

/** What the API and the pages show of a farmer (never the account's secrets). */
export type FarmerView = {
  farmerId: string;
  firstName: string;
  lastName: string;
  gender: string | null;
  dateOfBirth: string | null;
  phone: string | null;
  county: string;
  district: string | null;
  community: string | null;
  crops: string[];
  nationalId: string | null;
  hasPhoto: boolean;
  photoUrl: string | null;
  registrationDate: string;
  registeredBy: string | null;
  status: string;
};

/** The R2 key of a farmer's photo (`farmers/<farmerId>/photo`). */
export const photoKeyOf = (farmerId: string) => `farmers/${farmerId}/photo`;

export function parseCrops(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
}

export type ViewSource = Pick<
  FarmerRow,
  | "farmerId"
  | "firstName"
  | "lastName"
  | "gender"
  | "dateOfBirth"
  | "phone"
  | "county"
  | "district"
  | "community"
  | "crops"
  | "nationalId"
  | "photoKey"
  | "registrationDate"
  | "registeredBy"
  | "status"
>;

/** A stored farmer as the API and the pages show it. */
export function farmerView(row: ViewSource): FarmerView {
  return {
    farmerId: row.farmerId,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    phone: row.phone,
    county: row.county,
    district: row.district,
    community: row.community,
    crops: parseCrops(row.crops),
    nationalId: row.nationalId,
    hasPhoto: Boolean(row.photoKey),
    photoUrl: row.photoKey ? `/api/farmers/${row.farmerId}/photo` : null,
    registrationDate: row.registrationDate,
    registeredBy: row.registeredBy,
    status: row.status,
  };
}

/** A row of the registry list as the API returns it. */
export function farmerSummary(row: FarmerListItem) {
  const { photoKey, crops, ...rest } = row;
  return { ...rest, crops: parseCrops(crops), photoUrl: photoKey ? `/api/farmers/${row.farmerId}/photo` : null };
}
