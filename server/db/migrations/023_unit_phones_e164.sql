-- Responder units' phones are E.164 (issue 34 point 8). The demo units seeded by 020 carried India's short
-- national numbers (100, 101, 108, 1070), which are no E.164 number and cannot be dialled from abroad or
-- through a gateway. They become placeholders in their region's trunk code, the short number at the end
-- (+91 364 000 0100 for Shillong's police): still marked demo, for an admin to replace with the station's
-- own number. A unit an admin already edited is no longer demo and keeps its number.
update responder_units as u
   set phone = '+91' || t.trunk || lpad(u.phone, 10 - length(t.trunk), '0')
  from (values ('shillong', '364'), ('guwahati', '361'), ('assam', '361'), ('bengaluru', '80'), ('default', '11'))
       as t (region_id, trunk)
 where u.region_id = t.region_id
   and u.demo
   and u.phone in ('100', '101', '108', '112', '1070');
