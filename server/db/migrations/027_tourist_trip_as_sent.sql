-- The trip as the reference phone app sends it (issue 46): its itinerary as free text and its emergency
-- contacts as bare phone numbers (normalised, E.164), kept beside the structured forms of 021.
alter table tourists add column itinerary_note text;
alter table tourists add column emergency_phones jsonb not null default '[]';
