// The replay panel the incident drawer and the profile open (src/views/replay/ReplayPanel.tsx), alone on a page
// for bench/replay-frame.ts: its group's tracks come from the real server's answer, handed to the page by the
// bench (a group replay opens from the profile, which another change wires).
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createRoot } from 'react-dom/client';
import ReplayPanel from '../../src/views/replay/ReplayPanel.tsx';

const request = JSON.parse(new URLSearchParams(location.hash.slice(1)).get('request') ?? '{}') as { touristIds: string[]; from: string; to: string };

createRoot(document.getElementById('root')!).render(
  <FluentProvider theme={webLightTheme}>
    <ReplayPanel request={request} dark={false} />
  </FluentProvider>,
);
