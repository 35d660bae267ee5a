import type { Translation } from '../../catalogue.ts';
import type { frame as english } from '../en/frame.ts';

export const frame = {
  'frame.loadingAudit': 'অডিটৰ নথি ল’ড হৈ আছে…',
  'frame.loadingZones': 'জ’নবোৰ ল’ড হৈ আছে…',
  'frame.loadingVerify': 'পৰ্যটক সত্যাপন ল’ড হৈ আছে…',
  'frame.loadingAccounts': 'একাউণ্টবোৰ ল’ড হৈ আছে…',
  'frame.loadingRegions': 'অঞ্চলবোৰ ল’ড হৈ আছে…',
  'frame.loadingWebhooks': 'ৱেবহুকবোৰ ল’ড হৈ আছে…',
  'frame.push': 'এই ডিভাইচলৈ পুশ',
  'frame.pushUnavailable': 'এই ব্ৰাউজাৰে ইয়াত পুশ বাৰ্তা লাভ কৰিব নোৱাৰে (ইয়াৰ বাবে https, চাৰ্ভিচ ৱৰ্কাৰ আৰু জাননীৰ অনুমতি লাগে)।',
  'frame.pushOnlyFor': 'কেৱল এইবোৰৰ বাবে পুশ',
  'frame.pushOnlyForHint': 'যিবোৰ অঞ্চলৰ বাবে পুশ কৰিব; এটাও নাবাছিলে সকলো অঞ্চল।',
  'frame.everyRegion': 'সকলো অঞ্চল',
  'frame.updateReady': 'কনছ’লৰ নতুন সংস্কৰণ সাজু।',
  'frame.updateWaits': 'কনছ’লৰ নতুন সংস্কৰণ সাজু। আপুনি ৰিল’ড নকৰালৈকে ই অপেক্ষা কৰিব: প্ৰথমে মুকলি পেনিক এলাৰ্টবোৰ চম্ভালক।',
  'frame.reloadNow': 'এতিয়াই ৰিল’ড কৰক',
  'frame.storeDown': '{time}ৰ পৰা ডাটাবেছ উপলব্ধ নহয়।',
  'frame.storeDownMeanwhile':
    'নতুন পেনিক এলাৰ্ট এতিয়াও গ্ৰহণ কৰা হৈ আছে আৰু অহাৰ লগে লগে ইয়াত দেখা যায়; কিছুমান ডাটাবেছ পুনৰ উপলব্ধ হ’লেহে দেখা যাব। আপুনি যি দেখি আছে, সেয়া পুৰণি হ’ব পাৰে।',
  'frame.stopped': 'বাৰে বাৰে ত্ৰুটিৰ বাবে কনছ’ল বন্ধ হ’ল',
  'frame.reload': 'ৰিল’ড',
  'frame.restarted': 'কনছ’লত ত্ৰুটি হ’ল আৰু ই পুনৰ আৰম্ভ হ’ল',
  'frame.dismiss': 'আঁতৰাওক',
  'frame.copy': 'কপি',
  'frame.copied': 'কপি হ’ল',
  'frame.done': 'হ’ল',
} as const satisfies Translation<typeof english>;
