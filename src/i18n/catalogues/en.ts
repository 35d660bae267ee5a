// English, the catalogue every other language translates: the spec's texts exactly (SPEC.md).
import { alarm } from './en/alarm.ts';
import { shell } from './en/shell.ts';
import { incident } from './en/incident.ts';
import { responders } from './en/responders.ts';
import { watch } from './en/watch.ts';
import { report } from './en/report.ts';
import { replay } from './en/replay.ts';
import { profile } from './en/profile.ts';
import { verify } from './en/verify.ts';
import { analytics } from './en/analytics.ts';
import { map } from './en/map.ts';

export const en = { ...shell, ...alarm, ...incident, ...responders, ...watch, ...report, ...replay, ...profile, ...verify, ...analytics, ...map };
