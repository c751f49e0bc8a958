/** SQL of the claims service (tables in migrations/0080_claims.sql). */
import type { ClaimPayload } from '../../src/contract/claims.ts';
import type { Db } from '../db/client.ts';

export type ClaimLocationRow = { location_id: number; location_number: string; address1: string };

export const listClaimLocations = (db: Db) =>
  db.query<ClaimLocationRow>('select location_id, location_number, address1 from locations order by location_number');

export async function locationExists(db: Db, locationId: number): Promise<boolean> {
  const rows = await db.query('select 1 from locations where location_id = $1', [locationId]);
  return rows.length > 0;
}

export type ExistingSubmission = { claim_id: number; claim_number: string; photo_count: number };

export async function findSubmission(db: Db, submissionId: string): Promise<ExistingSubmission | undefined> {
  const [row] = await db.query<ExistingSubmission>(
    `select c.claim_id, c.claim_number, (select count(*)::int from claim_photos p where p.claim_id = c.claim_id) as photo_count
     from claims c where c.submission_id = $1`,
    [submissionId],
  );
  return row;
}

export type StoredPhoto = { position: number; contentType: string; byteSize: number; originalKey: string; viewingKey: string; width: number; height: number };

/** A valid claim (checkClaim passed, so its required fields are set) and its stored photos, in one transaction; undefined when the submission id was taken meanwhile. */
export async function insertClaim(db: Db, submissionId: string, claim: ClaimPayload, photos: readonly StoredPhoto[], now: Date): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ claim_id: number }>(
      `insert into claims (submission_id, location_id, claim_number, incident_date, report_date, first_name, last_name,
         primary_phone, alternate_phone, business_phone, email_address, street, city, state, zip_code,
         vehicle_vin, vehicle_state, vehicle_make, vehicle_model, vehicle_year, vehicle_color, vehicle_mileage, vehicle_plate,
         car_brought_in, parked_by, car_called_for, delivered_by, nature_of_claim, loss_details, accident_description,
         attendant_possesed_keys, is_damage_photographed, insurance_company_name, policy_number, policy_expiration_date,
         liability, comprehensive, collision, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
         $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39)
       on conflict (submission_id) do nothing returning claim_id`,
      [
        submissionId, claim.locationID, claim.claimNumber, claim.incidentDate, claim.reportDate, claim.firstName, claim.lastName,
        claim.primaryPhone, claim.alternatePhone, claim.businessPhone, claim.emailAddress, claim.street, claim.city, claim.state, claim.zipCode,
        claim.vehicleVin, claim.vehicleState, claim.vehicleMake, claim.vehicleModel, claim.vehicleYear, claim.vehicleColor, claim.vehicleMileage, claim.vehiclePlate,
        claim.carBroughtIn, claim.parkedBy, claim.carCalledFor, claim.deliveredBy, claim.natureOfClaim, claim.lossDetails, claim.accidentDescription,
        claim.attendantPossesedKeys, claim.isDamagePhotographed, claim.insuranceCompanyName, claim.policyNumber, claim.policyExpirationDateTime,
        claim.liability, claim.comprehensive, claim.collision, now.toISOString(),
      ],
    );
    if (!row) return undefined;
    for (const photo of photos) {
      await tx.query(
        `insert into claim_photos (claim_id, position, content_type, byte_size, original_key, viewing_key, width, height)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [row.claim_id, photo.position, photo.contentType, photo.byteSize, photo.originalKey, photo.viewingKey, photo.width, photo.height],
      );
    }
    return row.claim_id;
  });
}
