import type { Translation } from '../../catalogue.ts';
import type { watch as english } from '../en/watch.ts';

// Durations and limits keep their units (s, min, m, bpm, %), as the band and the settings write them.
export const watch = {
  'watch.why': 'কিয় দাখিল হ’ল',
  'watch.silent':
    '{silentFor}ৰ পৰা কোনো খবৰ নাই; শেষবাৰ{where, select, named { {risk, select, red {ৰঙা} other {হালধীয়া}} জ’ন {zone}ত} risk { এটা {risk, select, red {ৰঙা} other {হালধীয়া}} জ’নত} other {}} {time}ত দেখা গৈছিল — সীমা {limit}{limitKind, select, redNight { (ৰাতি, ৰঙা জ’ন)} red { (ৰঙা জ’ন)} yellow { (হালধীয়া জ’ন)} night { (ৰাতি)} other {}}।',
  'watch.stranded':
    '{strandedFor}ৰ পৰা একেটা ঠাইতে আছে{where, select, named { — {risk, select, red {ৰঙা} other {হালধীয়া}} জ’ন {zone}ত} risk { — এটা {risk, select, red {ৰঙা} other {হালধীয়া}} জ’নত} other {}} — সীমা {limit}{limitKind, select, redNight { (ৰাতি, ৰঙা জ’ন)} red { (ৰঙা জ’ন)} yellow { (হালধীয়া জ’ন)} night { (ৰাতি)} other {}}।',
  'watch.lowBattery': 'ইয়াৰ শেষ এলাৰ্টটো বেটাৰী কম হোৱাৰ আছিল।',
  'watch.demoLimits': '(ডেমো সীমা)',
  'watch.fall': 'বেণ্ডে পৰি যোৱাৰ খবৰ দিলে।',
  'watch.removed': 'বেণ্ডে জনালে যে ইয়াক খুলি পেলোৱা হৈছে।',
  'watch.tamper': 'বেণ্ডে ইয়াত হাত দিয়াৰ চেষ্টাৰ খবৰ দিলে।',
  'watch.vitals':
    '{vital, select, spo2 {SpO2 {value} %} other {হৃদস্পন্দন {value} bpm}}, অঞ্চলৰ {bound}ৰ সীমাৰ {boundKind, select, max {ওপৰত} other {তলত}}।',
  'watch.reportedAgain': '{time}ত পুনৰ খবৰ পঠালে',
  'watch.watched': 'নজৰদাৰী চলি আছে: সংকেত বন্ধ হ’লে বা একেঠাইতে ৰৈ থাকিলে ঘটনা দাখিল হয়।',
  'watch.pausedUntil': 'নজৰদাৰী {until}লৈকে ৰখোৱা হৈছে — {reason} ({by}এ)',
  'watch.needReason': 'নজৰদাৰী ৰখোৱাৰ কাৰণ দিয়ক।',
  'watch.needEnd': 'নজৰদাৰী কেতিয়া শেষ হ’ব, সেই তাৰিখ আৰু সময় বাছক।',
  'watch.endInPast': 'ৰখোৱাৰ শেষ ভৱিষ্যতত হ’ব লাগিব।',
  'watch.rule.silent':
    '{silentFor}ৰ পৰা একো পোৱা নাই (সীমা {limit}), শেষবাৰ{risk, select, red { ৰঙা জ’নত} yellow { হালধীয়া জ’নত} other {}}{night, select, yes { ৰাতি} other {}} দেখাৰ পিছত{battery, select, yes {, বেটাৰী কম হোৱাৰ এলাৰ্টৰ পিছত} other {}}।',
  'watch.rule.stranded':
    '{strandedFor}ৰ পৰা {radius} mৰ ভিতৰত আছে (সীমা {limit}){risk, select, red {, ৰঙা জ’নত} yellow {, হালধীয়া জ’নত} other {}}{night, select, yes {, ৰাতি} other {}}।',
} as const satisfies Translation<typeof english>;
