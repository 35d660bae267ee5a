import type { Translation } from '../../catalogue.ts';
import type { wall as english } from '../en/wall.ts';

export const wall = {
  'wall.openAlerts': 'खुले अलर्ट ({count, number, ::group-off})',
  'wall.loading': 'खुले अलर्ट लोड हो रहे हैं…',
  'wall.none': 'किसी भी क्षेत्र में कोई खुला अलर्ट नहीं।',
  'wall.severity.high': 'उच्च गंभीरता',
  'wall.severity.medium': 'मध्यम गंभीरता',
  'wall.severity.low': 'कम गंभीरता',
  'wall.more': 'और {count, number, ::group-off} खुले',
  'wall.justNow': 'अभी-अभी',
  'wall.minutes': '{minutes, number, ::group-off} मिनट',
  'wall.hours': '{hours, number, ::group-off} घं {minutes, number, ::integer-width/*00 group-off} मि',
  'wall.days': '{days, number, ::group-off} दिन',
  'wall.region': 'क्षेत्र: {region}',
  'wall.cycle': 'क्षेत्र बारी-बारी से',
  'wall.cycleOff': 'बंद',
  'wall.cycleEvery': 'हर {seconds, number, ::group-off} सेकंड',
  'wall.held': 'रुका: एक पैनिक खुला है',
  'wall.dark': 'डार्क',
  'wall.leave': 'वॉल मोड छोड़ें',
} as const satisfies Translation<typeof english>;
