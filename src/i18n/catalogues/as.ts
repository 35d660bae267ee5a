// Assamese: a chunk of its own, fetched only when chosen (load-catalogue.ts). A native speaker should review it.
import type { Catalogue } from '../catalogue.ts';
import { alarm } from './as/alarm.ts';
import { shell } from './as/shell.ts';
import { incident } from './as/incident.ts';
import { responders } from './as/responders.ts';
import { watch } from './as/watch.ts';
import { report } from './as/report.ts';
import { replay } from './as/replay.ts';
import { profile } from './as/profile.ts';
import { verify } from './as/verify.ts';
import { analytics } from './as/analytics.ts';
import { map } from './as/map.ts';

export const as: Catalogue = { ...shell, ...alarm, ...incident, ...responders, ...watch, ...report, ...replay, ...profile, ...verify, ...analytics, ...map };
