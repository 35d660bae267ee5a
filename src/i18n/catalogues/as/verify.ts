import type { Translation } from '../../catalogue.ts';
import type { verify as english } from '../en/verify.ts';

// "Digital ID" is the name the tourist's app shows: it stays as it is. Bind = সংযোগ কৰক, unbind = বিচ্ছিন্ন কৰক.
export const verify = {
  'verify.title': 'পৰ্যটক সত্যাপন',
  'verify.intro':
    'পৰ্যটকৰ এপে নিজে নিজে দিয়া Digital IDয়ে কাকো প্ৰমাণ নকৰে: ইয়াৰ এলাৰ্ট অসত্যাপিত হৈ থাকে। পৰ্যটকৰ নথি পৰীক্ষা কৰক, তেওঁৰ এপত দেখুওৱা Digital ID বিচাৰক, আৰু তেওঁৰ সৈতে সংযোগ কৰক।',
  'verify.field': 'Digital ID',
  'verify.fieldHint':
    'পৰ্যটকৰ এপৰ পৰা Digital ID টোকেন বা ইয়াৰ did:local আইডি পেষ্ট কৰক, নাইবা এপৰ আইডি কাৰ্ডৰ QR ক’ড স্কেন কৰক (হেণ্ডহেল্ড স্কেনাৰে এই ঘৰতে লিখে)।',
  'verify.lookingUp': 'বিচৰা হৈছে…',
  'verify.lookUp': 'বিচাৰক',
  'verify.nothingFound': 'পেষ্ট কৰা লিখনিৰ বাবে একো পোৱা নগ’ল।',
  'verify.card': 'Digital ID {did}',
  'verify.validUntil': 'টোকেন {time}লৈকে বৈধ',
  'verify.issuedFor': 'পৰ্যটক {tourist}ৰ বাবে দিয়া: এই Digital ID সংযোগ কৰাৰ প্ৰয়োজন নাই।',
  'verify.notBound': 'সংযোগ নাই',
  'verify.unverifiedUntilBound': 'তলৰ কোনো পৰ্যটকৰ সৈতে সংযোগ নোহোৱালৈকে ইয়াৰ এলাৰ্ট অসত্যাপিত থাকিব।',
  'verify.bound': 'সংযুক্ত',
  'verify.proves': '{tourist}ৰ প্ৰমাণ, {by}এ {time}ত সংযোগ কৰিলে।',
  'verify.unbind': 'বিচ্ছিন্ন কৰক',
  'verify.bind': 'সংযোগ কৰক',
  'verify.notUsed': 'এতিয়ালৈকে কোনো পৰ্যটকৰ সৈতে ব্যৱহাৰ হোৱা নাই: পৰ্যটকক এপত পঞ্জীয়ন কৰিবলৈ কওক, তাৰ পিছত পুনৰ বিচাৰক।',
  'verify.bindTo': '{tourist}ৰ সৈতে সংযোগ কৰক',
  'verify.notRegistered': 'পঞ্জীয়ন নাই',
  'verify.usedWith': '{did} যি পৰ্যটকৰ সৈতে ব্যৱহাৰ হৈছে',
  'verify.tourist': 'পৰ্যটক',
  'verify.firstUsed': 'প্ৰথম ব্যৱহাৰ',
  'verify.lastUsed': 'শেষ ব্যৱহাৰ',
  'verify.action': 'কাৰ্য',
  'verify.confirmUnbind': '{tourist}ৰ পৰা বিচ্ছিন্ন কৰিবনে?',
  'verify.confirmBind': '{tourist}ৰ সৈতে সংযোগ কৰিবনে?',
  'verify.unbindConsequence': 'Digital ID {did}। কোনোবাই পুনৰ সংযোগ নকৰালৈকে ইয়াৰ এলাৰ্ট আকৌ অসত্যাপিত হ’ব।',
  'verify.bindConsequence':
    'Digital ID {did}। পৰ্যটকৰ পৰিচয় নথি পৰীক্ষা কৰাৰ পিছতহে সংযোগ কৰক: এতিয়াৰ পৰা এই ফোনৰ এলাৰ্ট তেওঁৰ বুলি সত্যাপিত হ’ব।',
  'verify.cancel': 'বাতিল কৰক',
  'verify.notice.bound': 'সংযোগ কৰা হ’ল: এই Digital IDয়ে এতিয়া {tourist}ক প্ৰমাণ কৰে; এতিয়াৰ পৰা তেওঁৰ এলাৰ্ট সত্যাপিত।',
  'verify.notice.unbound': 'বিচ্ছিন্ন কৰা হ’ল: এই Digital IDয়ে আৰু {tourist}ক প্ৰমাণ নকৰে।',
} as const satisfies Translation<typeof english>;
