import type { Translation } from '../../catalogue.ts';
import type { replay as english } from '../en/replay.ts';

// GPX, KML and GeoJSON are file formats: their names stay as they are.
export const replay = {
  'replay.titleOne': '{id}ৰ ৰিপ্লে',
  'replay.titleMany': '{count} জন পৰ্যটকৰ ৰিপ্লে',
  'replay.close': 'ৰিপ্লে বন্ধ কৰক',
  'replay.loading': 'ৰিপ্লে ল’ড হৈ আছে',
  'replay.loadingTracks': 'পথবোৰ ল’ড হৈ আছে',
  'replay.loadingMap': 'মানচিত্ৰ ল’ড হৈ আছে',
  'replay.retry': 'পুনৰ চেষ্টা',
  'replay.region': 'ৰিপ্লে',
  'replay.empty': 'এই সময়ছোৱাত কোনো অৱস্থান পঠোৱা হোৱা নাই।',
  'replay.mark': '{label}, {time}ত',
  'replay.markOf': '{label}, {time}ত ({tourist})',
  'replay.marks': 'ঘটনাসমূহ',
  'replay.timeline': 'ৰিপ্লেৰ সময়ৰেখা',
  'replay.time': 'ৰিপ্লেৰ সময়',
  'replay.clock': 'ৰিপ্লেৰ ঘড়ী',
  'replay.controls': 'ৰিপ্লে নিয়ন্ত্ৰণ',
  'replay.pause': 'ৰখাওক',
  'replay.play': 'চলাওক',
  'replay.speed': 'গতি',
  'replay.follow': 'অনুসৰণ',
  'replay.export': 'ৰপ্তানি',
  'replay.exportGpx': 'GPX ৰপ্তানি',
  'replay.exportKml': 'KML ৰপ্তানি',
  'replay.exportGeoJson': 'GeoJSON ৰপ্তানি',
  'replay.trackOf': '{id}ৰ পথ',
  'replay.summaryOf': '{id}ৰ সাৰাংশ',
  'replay.summary': '{count}টা অৱস্থান · দূৰত্ব {distance} · চলি থকা {moving} · ৰৈ থকা {stopped}',
  'replay.truncated': 'এই সময়ছোৱাৰ কেৱল প্ৰথম {count}টা অৱস্থানহে দেখুওৱা হৈছে: বাকীবোৰ চাবলৈ চুটি সময়ছোৱা বাছক।',
  'replay.noStop': '50 mৰ ভিতৰত 5 মিনিট বা তাতকৈ দীঘল কোনো ৰখা নাই।',
  'replay.stopsOf': '{id}ৰ ৰখাবোৰ',
  'replay.stoppedAt': 'কেতিয়া ৰৈছিল',
  'replay.duration': 'সময়সীমা',
  'replay.position': 'অৱস্থান',
  'replay.alertMark':
    '{type, select, panic {পেনিক} safe {সুৰক্ষিত} low_battery {কম বেটাৰী} status {স্থিতি} silent {কোনো সংকেত নাই} stranded {আবদ্ধ} fall {পৰি যোৱা} vitals {স্বাস্থ্য সূচক} band_removed {বেণ্ড খোলা} other {{type}}} ({severity, select, high {উচ্চ} medium {মধ্যম} low {নিম্ন} other {{severity}}})',
  'replay.entered':
    '{risk, select, none {{zone}ত প্ৰৱেশ} other {{zone}ত প্ৰৱেশ ({risk, select, red {ৰঙা} yellow {হালধীয়া} green {সেউজীয়া} other {{risk}}})}}',
  'replay.left':
    '{risk, select, none {{zone}ৰ পৰা ওলাই গ’ল} other {{zone}ৰ পৰা ওলাই গ’ল ({risk, select, red {ৰঙা} yellow {হালধীয়া} green {সেউজীয়া} other {{risk}}})}}',
} as const satisfies Translation<typeof english>;
