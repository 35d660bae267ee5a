import type { Translation } from '../../catalogue.ts';
import type { alarm as english } from '../en/alarm.ts';

// "Acknowledge" is the operator taking charge of the alert, not merely accepting it: ज़िम्मेदारी लें.
export const alarm = {
  'panicBar.several': '{count, plural, one {# खुला पैनिक अलर्ट} other {# खुले पैनिक अलर्ट}}',
  'panicBar.one': '{region} में {title}',
  'panicBar.newest': 'सबसे नया {region} में, {time} पर',
  'panicBar.show': 'दिखाएँ',
  'panicBar.acknowledge': 'ज़िम्मेदारी लें',
  'urgent.panic': 'नया पैनिक अलर्ट',
  'urgent.silent': 'पर्यटक से कोई संकेत नहीं',
  'urgent.stranded': 'फँसा हुआ पर्यटक',
  'urgent.fall': 'गिरने की सूचना',
  'urgent.vitals': 'स्वास्थ्य संकेत सीमा से बाहर',
  'urgent.band_removed': 'बैंड उतारा गया',
  'alarm.silence': 'अलार्म बंद करें',
  'alarm.enableSound': 'आवाज़ चालू करें',
  'alarm.sound': 'आवाज़',
  'alarm.enableNotifications': 'सूचनाएँ चालू करें',
  'notification.panicTitle': '{region} में नया पैनिक अलर्ट',
  'notification.panicBody': '{time} · {position}',
  'notification.escalatedTitle': 'आगे बढ़ाया गया: {region} में पैनिक अलर्ट की ज़िम्मेदारी किसी ने नहीं ली',
  'notification.unreadable': 'नया अलर्ट: कंसोल खोलें।',
  'announce.incident': '{region} में {title}, {time} पर',
} as const satisfies Translation<typeof english>;
