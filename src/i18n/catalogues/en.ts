// English, the catalogue every other language translates: the spec's texts exactly (SPEC.md).
import { alarm } from './en/alarm.ts';
import { shell } from './en/shell.ts';
import { dashboard } from './en/dashboard.ts';
import { frame } from './en/frame.ts';
import { signIn } from './en/signIn.ts';
import { wall } from './en/wall.ts';

export const en = { ...shell, ...alarm, ...dashboard, ...wall, ...signIn, ...frame };
