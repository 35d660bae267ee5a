// The first paint's words in the console's three languages (issue 36): only what it draws, inline, since it
// runs before any catalogue could arrive and the bench counts every byte before the first table. Each word
// equals the catalogue's message of the same id (tests/domain/first-paint-words.test.ts keeps them so).
import type { MessageId } from '../i18n/catalogue.ts';
import type { Language } from '../i18n/languages.ts';

export type FirstPaintWordId = Extract<
  MessageId,
  | 'app.title'
  | 'dashboard.alerts'
  | 'dashboard.loadingConsole'
  | 'dashboard.noAlerts'
  | `dashboard.column.${'time' | 'latitude' | 'longitude' | 'alertId' | 'incidentId' | 'risk' | 'status' | 'actions'}`
  | 'dashboard.unverified'
  | 'dashboard.escalated'
  | `dashboard.status.${'open' | 'acknowledged' | 'resolved'}`
  | 'dashboard.moreAlerts'
  | 'dashboard.moreAlertsOpen'
  | 'dashboard.consoleFailed'
  | 'dashboard.consoleNotLoaded'
>;

export type FirstPaintWords = Readonly<Record<FirstPaintWordId, string>>;

export const FIRST_PAINT_WORDS: Readonly<Record<Language, FirstPaintWords>> = {
  en: {
    'app.title': 'Panic Alerts Dashboard',
    'dashboard.alerts': 'Alerts',
    'dashboard.loadingConsole': 'Loading the live console…',
    'dashboard.noAlerts': 'No alerts yet.',
    'dashboard.column.time': 'Time',
    'dashboard.column.latitude': 'Latitude',
    'dashboard.column.longitude': 'Longitude',
    'dashboard.column.alertId': 'Alert ID',
    'dashboard.column.incidentId': 'Incident ID',
    'dashboard.column.risk': 'Risk',
    'dashboard.column.status': 'Status',
    'dashboard.column.actions': 'Actions',
    'dashboard.unverified': 'Unverified',
    'dashboard.escalated': 'Escalated',
    'dashboard.status.open': 'open',
    'dashboard.status.acknowledged': 'acknowledged',
    'dashboard.status.resolved': 'resolved',
    'dashboard.moreAlerts': '{alerts} more alerts: the console shows them all once it has loaded.',
    'dashboard.moreAlertsOpen':
      '{alerts} more alerts, {open} of them open: the console shows them all once it has loaded.',
    'dashboard.consoleFailed': 'The console could not start: {error}',
    'dashboard.consoleNotLoaded': 'The console could not be loaded; the page reloads once the server answers again.',
  },
  hi: {
    'app.title': 'पैनिक अलर्ट डैशबोर्ड',
    'dashboard.alerts': 'अलर्ट',
    'dashboard.loadingConsole': 'लाइव कंसोल लोड हो रहा है…',
    'dashboard.noAlerts': 'अभी कोई अलर्ट नहीं।',
    'dashboard.column.time': 'समय',
    'dashboard.column.latitude': 'अक्षांश',
    'dashboard.column.longitude': 'देशांतर',
    'dashboard.column.alertId': 'अलर्ट ID',
    'dashboard.column.incidentId': 'घटना ID',
    'dashboard.column.risk': 'जोखिम',
    'dashboard.column.status': 'स्थिति',
    'dashboard.column.actions': 'कार्रवाई',
    'dashboard.unverified': 'असत्यापित',
    'dashboard.escalated': 'एस्केलेट',
    'dashboard.status.open': 'खुला',
    'dashboard.status.acknowledged': 'ज़िम्मेदारी ली गई',
    'dashboard.status.resolved': 'निपटाया गया',
    'dashboard.moreAlerts': '{alerts} और अलर्ट: कंसोल लोड होने पर सभी दिखाएगा।',
    'dashboard.moreAlertsOpen': '{alerts} और अलर्ट, जिनमें {open} खुले हैं: कंसोल लोड होने पर सभी दिखाएगा।',
    'dashboard.consoleFailed': 'कंसोल शुरू नहीं हो सका: {error}',
    'dashboard.consoleNotLoaded': 'कंसोल लोड नहीं हो सका; सर्वर के फिर जवाब देते ही पेज दोबारा लोड होगा।',
  },
  as: {
    'app.title': 'পেনিক এলাৰ্ট ডেশ্বব’ৰ্ড',
    'dashboard.alerts': 'এলাৰ্ট',
    'dashboard.loadingConsole': 'লাইভ কনছ’ল ল’ড হৈ আছে…',
    'dashboard.noAlerts': 'এতিয়ালৈ কোনো এলাৰ্ট নাই।',
    'dashboard.column.time': 'সময়',
    'dashboard.column.latitude': 'অক্ষাংশ',
    'dashboard.column.longitude': 'দ্ৰাঘিমাংশ',
    'dashboard.column.alertId': 'এলাৰ্ট ID',
    'dashboard.column.incidentId': 'ঘটনা ID',
    'dashboard.column.risk': 'বিপদ',
    'dashboard.column.status': 'স্থিতি',
    'dashboard.column.actions': 'কাৰ্য',
    'dashboard.unverified': 'অসত্যাপিত',
    'dashboard.escalated': 'এস্কেলেট',
    'dashboard.status.open': 'মুকলি',
    'dashboard.status.acknowledged': 'দায়িত্ব লোৱা হৈছে',
    'dashboard.status.resolved': 'সমাধান হৈছে',
    'dashboard.moreAlerts': 'আৰু {alerts} টা এলাৰ্ট: কনছ’ল ল’ড হোৱাৰ পিছত সকলো দেখুৱাব।',
    'dashboard.moreAlertsOpen': 'আৰু {alerts} টা এলাৰ্ট, ইয়াৰে {open} টা মুকলি: কনছ’ল ল’ড হোৱাৰ পিছত সকলো দেখুৱাব।',
    'dashboard.consoleFailed': 'কনছ’ল আৰম্ভ কৰিব পৰা নগ’ল: {error}',
    'dashboard.consoleNotLoaded': 'কনছ’ল ল’ড কৰিব পৰা নগ’ল; চাৰ্ভাৰে পুনৰ সঁহাৰি দিলেই পৃষ্ঠাটো পুনৰ ল’ড হ’ব।',
  },
};
