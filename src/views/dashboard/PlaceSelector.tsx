import { Field, Select } from '@fluentui/react-components';
import { useMemo } from 'react';
import { currentPlace } from '../../machines/dashboard/context.ts';
import { placesInRegion } from '../../domain/incident-filters.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { useT } from '../../i18n/useT.ts';

export function PlaceSelector() {
  const t = useT();
  const { send } = DashboardActor.useActorRef();
  const geofences = DashboardActor.useSelector((s) => s.context.geofences);
  const regionId = DashboardActor.useSelector((s) => s.context.regionId);
  const placeId = DashboardActor.useSelector((s) => currentPlace(s.context));
  const places = useMemo(() => placesInRegion(geofences, regionId), [geofences, regionId]);
  // A stored place whose zone is gone stays selectable, so the credit shown never lies about its scope.
  const options = placeId && !places.includes(placeId) ? [...places, placeId] : places;
  return (
    <Field label={t('dashboard.place')} orientation="horizontal">
      <Select value={placeId} onChange={(_, data) => send({ type: 'place.select', placeId: data.value })}>
        <option value="">{t('dashboard.allInRegion')}</option>
        {options.map((place) => (
          <option key={place} value={place}>
            {place}
          </option>
        ))}
      </Select>
    </Field>
  );
}
