import type { Translation } from '../../catalogue.ts';
import type { signIn as english } from '../en/signIn.ts';

export const signIn = {
  'signIn.form': 'ছাইন ইন',
  'signIn.intro': 'এলাৰ্ট চাবলৈ আৰু সেইমতে কাম কৰিবলৈ ছাইন ইন কৰক।',
  'signIn.username': 'ব্যৱহাৰকাৰীৰ নাম',
  'signIn.password': 'পাছৱৰ্ড',
  'signIn.submit': 'ছাইন ইন কৰক',
  'signIn.or': 'বা',
  'signIn.newPasswordTitle': 'নতুন পাছৱৰ্ড বাছক',
  'signIn.newPasswordIntro':
    '{username}এ অস্থায়ী পাছৱৰ্ডেৰে ছাইন ইন কৰিছে। ডেশ্বব’ৰ্ডলৈ যাবলৈ নিজৰ পাছৱৰ্ড বাছক (অন্ততঃ {min, number, ::group-off}টা আখৰ)।',
  'signIn.temporaryPassword': 'অস্থায়ী পাছৱৰ্ড',
  'signIn.newPassword': 'নতুন পাছৱৰ্ড',
  'signIn.newPasswordAgain': 'নতুন পাছৱৰ্ড আকৌ',
  'signIn.passwordsDiffer': 'দুয়োটা নতুন পাছৱৰ্ড একে নহয়।',
  'signIn.savePassword': 'পাছৱৰ্ড সাঁচি ৰাখক',
  'signIn.unreachable': 'চাৰ্ভাৰৰ সৈতে সংযোগ হোৱা নাই; কেইছেকেণ্ডমানৰ পিছত আকৌ চেষ্টা কৰা হ’ব।',
  'signIn.checking': 'ছাইন ইন পৰীক্ষা কৰা হৈছে…',
  'signIn.staleBanner': 'অফলাইন: {time}ৰ শেষ জনা অৱস্থা দেখুওৱা হৈছে। ইয়াত একোৱেই লাইভ নহয়।',
  'signIn.staleRegion': 'অঞ্চল: {region}',
  'signIn.staleScore': 'সুৰক্ষা স্ক’ৰ (পুৰণি): {score}',
  'signIn.staleLastMessage': 'শেষ লাইভ বাৰ্তা: {time}',
  'signIn.staleTable': 'শেষ জনা মতে এলাৰ্ট (পুৰণি)',
  'signIn.staleBadge': 'পুৰণি',
  'signIn.staleStatus': '{status} (শেষ জনা মতে)',
  'signIn.staleNone': 'কোনো এলাৰ্ট দেখুওৱা হোৱা নাছিল।',
  'signIn.sessionEnded': 'আপোনাৰ ছেশ্বন শেষ হ’ল; আকৌ ছাইন ইন কৰক।',
} as const satisfies Translation<typeof english>;
