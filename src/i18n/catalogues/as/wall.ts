import type { Translation } from '../../catalogue.ts';
import type { wall as english } from '../en/wall.ts';

export const wall = {
  'wall.openAlerts': 'মুকলি এলাৰ্ট ({count, number, ::group-off})',
  'wall.loading': 'মুকলি এলাৰ্ট ল’ড হৈ আছে…',
  'wall.none': 'কোনো অঞ্চলতে মুকলি এলাৰ্ট নাই।',
  'wall.severity.high': 'উচ্চ গুৰুত্ব',
  'wall.severity.medium': 'মধ্যম গুৰুত্ব',
  'wall.severity.low': 'কম গুৰুত্ব',
  'wall.more': 'আৰু {count, number, ::group-off} টা মুকলি',
  'wall.justNow': 'এইমাত্ৰ',
  'wall.minutes': '{minutes, number, ::group-off} মিনিট',
  'wall.hours': '{hours, number, ::group-off} ঘণ্টা {minutes, number, ::integer-width/*00 group-off} মিনিট',
  'wall.days': '{days, number, ::group-off} দিন',
  'wall.region': 'অঞ্চল: {region}',
  'wall.cycle': 'অঞ্চলবোৰ পালে পালে',
  'wall.cycleOff': 'বন্ধ',
  'wall.cycleEvery': 'প্ৰতি {seconds, number, ::group-off} ছেকেণ্ডত',
  'wall.held': 'ৰখোৱা হৈছে: এটা পেনিক মুকলি আছে',
  'wall.dark': 'ডাৰ্ক',
  'wall.leave': 'ৱাল ম’ড এৰক',
} as const satisfies Translation<typeof english>;
