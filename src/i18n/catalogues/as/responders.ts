import type { Translation } from '../../catalogue.ts';
import type { responders as english } from '../en/responders.ts';

// "Unit" as a control room says it: ইউনিট.
export const responders = {
  'responders.title': 'সহায়ক দল',
  'responders.loading': 'ওচৰৰ ইউনিটবোৰ ল’ড হৈ আছে…',
  'responders.failed': 'ওচৰৰ ইউনিটবোৰ ল’ড কৰিব পৰা নগ’ল।',
  'responders.nearest': 'ওচৰৰ ইউনিট',
  'responders.unit': 'ইউনিট',
  'responders.kind': 'প্ৰকাৰ',
  'responders.distance': 'দূৰত্ব',
  'responders.bearing': 'দিশ',
  'responders.estimate': 'সময়',
  'responders.phone': 'ফোন',
  'responders.unavailable': '{name} (উপলব্ধ নহয়)',
  'responders.estimateHint': 'ধৰি লোৱা গতিৰে পোন ৰেখাত, পথৰ হিচাপ নহয়',
  'responders.dispatchNamed': '{name} পঠাওক',
  'responders.dispatch': 'পঠাওক',
  'responders.dispatchAUnitMore': 'ইউনিট পঠাওক…',
  'responders.dispatchAUnit': 'ইউনিট পঠাওক',
  'responders.dispatches': 'পঠোৱা ইউনিট',
  'responders.dispatchOf': '{name}ক পঠোৱা',
  'responders.noteFor': '{name}ৰ বাবে টোকা',
  'responders.noteOptional': 'টোকা (ঐচ্ছিক)',
  'responders.dispatchedAt': '{time}ত {by}এ পঠালে',
  'responders.onSceneAt': '{time}ত ঘটনাস্থলত',
  'responders.closedAt':
    '{state, select, stood_down {{time}ত উভতাই অনা হ’ল} handed_over {{time}ত দায়িত্ব গতাই দিলে} on_scene {{time}ত ঘটনাস্থলত} other {{time}ত পঠোৱা হ’ল}}',
  'responders.state':
    '{state, select, on_scene {ঘটনাস্থলত} stood_down {উভতাই অনা হ’ল} handed_over {দায়িত্ব গতালে} other {পঠোৱা হ’ল}}',
  'responders.kindName':
    '{kind, select, police_station {আৰক্ষী থানা} ambulance {এম্বুলেন্স} hospital {চিকিৎসালয়} fire {অগ্নিনিৰ্বাপক} other {উদ্ধাৰকাৰী দল}}',
  'responders.choice': '{name} ({kind}, {distance} {compass})',
  'responders.choiceUnavailable': '{name} ({kind}, {distance} {compass}), উপলব্ধ নহয়',
  'responders.another': 'আন ইউনিট (নামটো লিখক)',
  'responders.unitName': 'ইউনিটৰ নাম',
  'responders.typeName': 'পঠাবলগীয়া ইউনিটৰ নাম লিখক, নাইবা ওচৰৰ এটা বাছি লওক।',
} as const satisfies Translation<typeof english>;
