// Hindi: a chunk of its own, fetched only when chosen (load-catalogue.ts). A native speaker should review it.
import type { Catalogue } from '../catalogue.ts';
import { alarm } from './hi/alarm.ts';
import { shell } from './hi/shell.ts';
import { incident } from './hi/incident.ts';
import { responders } from './hi/responders.ts';
import { watch } from './hi/watch.ts';
import { report } from './hi/report.ts';
import { replay } from './hi/replay.ts';
import { profile } from './hi/profile.ts';
import { verify } from './hi/verify.ts';
import { analytics } from './hi/analytics.ts';
import { map } from './hi/map.ts';

export const hi: Catalogue = { ...shell, ...alarm, ...incident, ...responders, ...watch, ...report, ...replay, ...profile, ...verify, ...analytics, ...map };
