import type { Translation } from '../../catalogue.ts';
import type { audit as english } from '../en/audit.ts';

// The audit's action names (incident.acknowledge) are the server's values and stay as typed.
export const audit = {
  'audit.view': 'অডিট',
  'audit.title': 'অডিট ৰেকৰ্ড',
  'audit.filters': 'অডিট ফিল্টাৰ',
  'audit.actor': 'কোনে',
  'audit.action': 'কাৰ্য',
  'audit.anyActor': 'যিকোনো',
  'audit.anyAction': 'যিকোনো, যেনে incident.acknowledge',
  'audit.filter': 'ফিল্টাৰ কৰক',
  'audit.refresh': 'সতেজ কৰক',
  'audit.when': 'কেতিয়া',
  'audit.role': 'ভূমিকা',
  'audit.address': 'ঠিকনা',
  'audit.target': 'কাৰ ওপৰত',
  'audit.entry': 'প্ৰৱিষ্টি {seq, number, ::group-off}',
  'audit.chain': 'অডিট শৃংখল',
  'audit.chainIntact':
    'শৃংখল অটুট: {count, plural, one {{count, number, ::group-off} টা প্ৰৱিষ্টি} other {{count, number, ::group-off} টা প্ৰৱিষ্টি}}',
  'audit.checkingChain': 'শৃংখল পৰীক্ষা কৰি থকা হৈছে…',
  'audit.loading': 'অডিট ৰেকৰ্ড ল’ড হৈ আছে',
  'audit.noMatch': 'ফিল্টাৰৰ সৈতে কোনো প্ৰৱিষ্টি নিমিলে।',
  'audit.none': 'এতিয়ালৈকে কোনো অডিট প্ৰৱিষ্টি নাই।',
  'audit.older': 'পুৰণি',
  'audit.loadingOlder': 'পুৰণিবোৰ ল’ড হৈ আছে…',
} as const satisfies Translation<typeof english>;
