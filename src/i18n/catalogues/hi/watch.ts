import type { Translation } from '../../catalogue.ts';
import type { watch as english } from '../en/watch.ts';

// Durations and limits keep their units (s, min, m, bpm, %), as the band and the settings write them.
export const watch = {
  'watch.why': 'यह क्यों दर्ज हुआ',
  'watch.silent':
    '{silentFor} से कोई रिपोर्ट नहीं; आख़िरी बार{where, select, named { {risk, select, red {लाल} other {पीले}} ज़ोन {zone} में} risk { किसी {risk, select, red {लाल} other {पीले}} ज़ोन में} other {}} {time} पर देखा गया — सीमा {limit}{limitKind, select, redNight { (रात में, लाल ज़ोन)} red { (लाल ज़ोन)} yellow { (पीला ज़ोन)} night { (रात में)} other {}}।',
  'watch.stranded':
    '{strandedFor} से एक ही जगह पर{where, select, named { — {risk, select, red {लाल} other {पीले}} ज़ोन {zone} में} risk { — किसी {risk, select, red {लाल} other {पीले}} ज़ोन में} other {}} — सीमा {limit}{limitKind, select, redNight { (रात में, लाल ज़ोन)} red { (लाल ज़ोन)} yellow { (पीला ज़ोन)} night { (रात में)} other {}}।',
  'watch.lowBattery': 'इसका आख़िरी अलर्ट बैटरी कम होने का था।',
  'watch.demoLimits': '(डेमो सीमाएँ)',
  'watch.fall': 'बैंड ने गिरने की सूचना दी।',
  'watch.removed': 'बैंड ने बताया कि उसे उतार दिया गया।',
  'watch.tamper': 'बैंड ने छेड़छाड़ की सूचना दी।',
  'watch.vitals':
    '{vital, select, spo2 {SpO2 {value} %} other {हृदय गति {value} bpm}}, क्षेत्र की {bound} की सीमा से {boundKind, select, max {ऊपर} other {नीचे}}।',
  'watch.reportedAgain': '{time} पर फिर रिपोर्ट भेजी',
  'watch.watched': 'निगरानी जारी: संकेत बंद होने या एक ही जगह रुके रहने पर घटना दर्ज होती है।',
  'watch.pausedUntil': 'निगरानी {until} तक रुकी है — {reason} ({by} द्वारा)',
  'watch.needReason': 'निगरानी रोकने का कारण बताएँ।',
  'watch.needEnd': 'निगरानी कब फिर शुरू हो, वह तारीख़ और समय चुनें।',
  'watch.endInPast': 'रोक का अंत भविष्य में होना चाहिए।',
  'watch.rule.silent':
    '{silentFor} से कुछ नहीं मिला (सीमा {limit}), आख़िरी बार{risk, select, red { लाल ज़ोन में} yellow { पीले ज़ोन में} other {}}{night, select, yes { रात में} other {}} देखे जाने के बाद{battery, select, yes {, बैटरी कम होने के अलर्ट के बाद} other {}}।',
  'watch.rule.stranded':
    '{strandedFor} से {radius} m के भीतर रुका है (सीमा {limit}){risk, select, red {, लाल ज़ोन में} yellow {, पीले ज़ोन में} other {}}{night, select, yes {, रात में} other {}}।',
} as const satisfies Translation<typeof english>;
