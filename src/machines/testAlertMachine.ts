// Test-alert mode: while armed, a click on the map raises a real panic alert at that point, through the
// operator's test-alert route (so it is signed, role-checked and audited, unlike a phone's panic).
import { fromPromise, setup } from 'xstate';
import { sendTestAlert } from '../api/client.ts';

interface MapPoint {
  latitude: number;
  longitude: number;
}

type TestAlertEvent = { type: 'testAlert.toggle' } | ({ type: 'map.click' } & MapPoint);

export const testAlertMachine = setup({
  types: { events: {} as TestAlertEvent },
  actors: {
    sendPanicAlert: fromPromise<unknown, MapPoint>(({ input }) => sendTestAlert(input.latitude, input.longitude)),
  },
}).createMachine({
  id: 'testAlert',
  initial: 'off',
  states: {
    off: { on: { 'testAlert.toggle': 'armed' } },
    armed: {
      initial: 'waitingForClick',
      on: { 'testAlert.toggle': 'off' },
      states: {
        waitingForClick: { on: { 'map.click': 'sending' } },
        // Clicks while one alert is on its way are dropped: a double click must not raise two alerts.
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'sendPanicAlert',
            src: 'sendPanicAlert',
            input: ({ event }) => {
              if (event.type !== 'map.click') throw new Error(`sending cannot start on ${event.type}`);
              return { latitude: event.latitude, longitude: event.longitude };
            },
            // A failed test alert is ignored (SPEC §8).
            onDone: 'waitingForClick',
            onError: 'waitingForClick',
          },
        },
      },
    },
  },
});
