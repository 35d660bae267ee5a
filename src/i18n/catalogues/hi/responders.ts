import type { Translation } from '../../catalogue.ts';
import type { responders as english } from '../en/responders.ts';

// "Unit" as a control room says it: यूनिट.
export const responders = {
  'responders.title': 'सहायता दल',
  'responders.loading': 'सबसे नज़दीकी यूनिट लोड हो रही हैं…',
  'responders.failed': 'सबसे नज़दीकी यूनिट लोड नहीं हो सकीं।',
  'responders.nearest': 'सबसे नज़दीकी यूनिट',
  'responders.unit': 'यूनिट',
  'responders.kind': 'प्रकार',
  'responders.distance': 'दूरी',
  'responders.bearing': 'दिशा',
  'responders.estimate': 'अनुमान',
  'responders.phone': 'फ़ोन',
  'responders.unavailable': '{name} (उपलब्ध नहीं)',
  'responders.estimateHint': 'मानी गई गति से सीधी रेखा में, सड़क के रास्ते से नहीं',
  'responders.dispatchNamed': '{name} भेजें',
  'responders.dispatch': 'भेजें',
  'responders.dispatchAUnitMore': 'यूनिट भेजें…',
  'responders.dispatchAUnit': 'यूनिट भेजें',
  'responders.dispatches': 'भेजी गई यूनिट',
  'responders.dispatchOf': '{name} की रवानगी',
  'responders.noteFor': '{name} के लिए नोट',
  'responders.noteOptional': 'नोट (वैकल्पिक)',
  'responders.dispatchedAt': '{time} पर {by} ने भेजी',
  'responders.onSceneAt': '{time} पर घटनास्थल पर',
  'responders.closedAt':
    '{state, select, stood_down {{time} पर वापस बुलाई} handed_over {{time} पर ज़िम्मा सौंपा} on_scene {{time} पर घटनास्थल पर} other {{time} पर भेजी}}',
  'responders.state':
    '{state, select, on_scene {घटनास्थल पर} stood_down {वापस बुलाई} handed_over {ज़िम्मा सौंपा} other {भेजी गई}}',
  'responders.kindName':
    '{kind, select, police_station {पुलिस थाना} ambulance {एम्बुलेंस} hospital {अस्पताल} fire {दमकल} other {बचाव दल}}',
  'responders.choice': '{name} ({kind}, {distance} {compass})',
  'responders.choiceUnavailable': '{name} ({kind}, {distance} {compass}), उपलब्ध नहीं',
  'responders.another': 'कोई और यूनिट (उसका नाम लिखें)',
  'responders.unitName': 'यूनिट का नाम',
  'responders.typeName': 'भेजने के लिए यूनिट का नाम लिखें, या सबसे नज़दीकी में से एक चुनें।',
} as const satisfies Translation<typeof english>;
