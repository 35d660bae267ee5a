import type { TouristProfileInput } from '../../src/api/tourist-profile.ts';
import type { Sql } from '../db/seam.ts';

const jsonOrNull = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * Registers a tourist; registering an id again keeps it and replaces only the fields given (a new idType
 * replaces the last 4 with those sent alongside, or none: they were another document's).
 */
export async function registerTourist(
  tx: Sql,
  id: string,
  profile: TouristProfileInput,
): Promise<{ created: boolean }> {
  const touched = Object.values(profile).some((value) => value !== undefined);
  const { rows } = await tx.query<{ created: boolean }>(
    `insert into tourists (id, name, phone, nationality, languages, id_type, id_last4, emergency_contacts, itinerary,
                           itinerary_note, emergency_phones, profile_updated_at)
     values ($1, $2, $3, $4, coalesce($5::jsonb, '[]'), $6, $7, coalesce($8::jsonb, '[]'), coalesce($9::jsonb, '[]'),
             $10, coalesce($11::jsonb, '[]'), case when $12 then now() end)
     on conflict (id) do update set
       name = coalesce($2, tourists.name),
       phone = coalesce($3, tourists.phone),
       nationality = coalesce($4, tourists.nationality),
       languages = coalesce($5::jsonb, tourists.languages),
       id_type = coalesce($6, tourists.id_type),
       id_last4 = case when $6::text is null then coalesce($7, tourists.id_last4) else $7 end,
       emergency_contacts = coalesce($8::jsonb, tourists.emergency_contacts),
       itinerary = coalesce($9::jsonb, tourists.itinerary),
       itinerary_note = coalesce($10, tourists.itinerary_note),
       emergency_phones = coalesce($11::jsonb, tourists.emergency_phones),
       profile_updated_at = case when $12 then now() else tourists.profile_updated_at end
     returning (xmax = 0) as created`,
    [
      id,
      profile.name ?? null,
      profile.phone ?? null,
      profile.nationality ?? null,
      jsonOrNull(profile.languages),
      profile.idType ?? null,
      profile.idLast4 ?? null,
      jsonOrNull(profile.emergencyContacts),
      jsonOrNull(profile.itinerary),
      profile.itineraryNote ?? null,
      jsonOrNull(profile.emergencyPhones),
      touched,
    ],
  );
  return { created: rows[0].created };
}

export async function touristExists(db: Sql, id: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from tourists where id = $1', [id]);
  return rows.length === 1;
}

/** Pairs a device with a tourist; a device paired again moves to the new tourist (devices are handed on). */
export async function pairDevice(
  tx: Sql,
  deviceId: string,
  touristId: string,
  bleAddress: string | undefined,
): Promise<void> {
  await tx.query(
    `insert into devices (id, tourist_id, ble_address) values ($1, $2, $3)
     on conflict (id) do update set tourist_id = excluded.tourist_id, ble_address = coalesce(excluded.ble_address, devices.ble_address)`,
    [deviceId, touristId, bleAddress ?? null],
  );
}
