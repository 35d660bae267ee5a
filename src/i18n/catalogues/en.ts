// English, the catalogue every other language translates: the spec's texts exactly (SPEC.md).
import { alarm } from './en/alarm.ts';
import { shell } from './en/shell.ts';

export const en = { ...shell, ...alarm };
