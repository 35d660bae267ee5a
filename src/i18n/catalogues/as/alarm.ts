import type { Translation } from '../../catalogue.ts';
import type { alarm as english } from '../en/alarm.ts';

// "Acknowledge" is the operator taking charge of the alert: দায়িত্ব লওক.
export const alarm = {
  'panicBar.several': '{count, plural, one {# টা মুকলি পেনিক এলাৰ্ট} other {# টা মুকলি পেনিক এলাৰ্ট}}',
  'panicBar.one': '{region}ত {title}',
  'panicBar.newest': 'শেহতীয়াটো {region}ত, {time}ত',
  'panicBar.show': 'দেখুৱাওক',
  'panicBar.acknowledge': 'দায়িত্ব লওক',
  'urgent.panic': 'নতুন পেনিক এলাৰ্ট',
  'urgent.silent': 'পৰ্যটকৰ পৰা কোনো সংকেত নাই',
  'urgent.stranded': 'আবদ্ধ পৰ্যটক',
  'urgent.fall': 'পৰি যোৱাৰ খবৰ',
  'urgent.vitals': 'স্বাস্থ্য সূচক সীমাৰ বাহিৰত',
  'urgent.band_removed': 'বেণ্ড খুলি পেলোৱা হৈছে',
  'alarm.silence': 'এলাৰ্ম বন্ধ কৰক',
  'alarm.enableSound': 'শব্দ অন কৰক',
  'alarm.sound': 'শব্দ',
  'alarm.enableNotifications': 'জাননী অন কৰক',
  'notification.panicTitle': '{region}ত নতুন পেনিক এলাৰ্ট',
  'notification.panicBody': '{time} · {position}',
  'notification.escalatedTitle': 'ওপৰলৈ পঠিওৱা হ’ল: {region}ত পেনিক এলাৰ্টৰ দায়িত্ব কোনেও লোৱা নাই',
  'notification.unreadable': 'নতুন এলাৰ্ট: কনচ’লটো খোলক।',
  'announce.incident': '{region}ত {title}, {time}ত',
} as const satisfies Translation<typeof english>;
