import type { Translation } from '../../catalogue.ts';
import type { audit as english } from '../en/audit.ts';

// The audit's action names (incident.acknowledge) are the server's values and stay as typed.
export const audit = {
  'audit.view': 'ऑडिट',
  'audit.title': 'ऑडिट रिकॉर्ड',
  'audit.filters': 'ऑडिट फ़िल्टर',
  'audit.actor': 'किसने',
  'audit.action': 'कार्य',
  'audit.anyActor': 'कोई भी',
  'audit.anyAction': 'कोई भी, जैसे incident.acknowledge',
  'audit.filter': 'फ़िल्टर करें',
  'audit.refresh': 'ताज़ा करें',
  'audit.when': 'कब',
  'audit.role': 'भूमिका',
  'audit.address': 'पता',
  'audit.target': 'किस पर',
  'audit.entry': 'प्रविष्टि {seq, number, ::group-off}',
  'audit.chain': 'ऑडिट शृंखला',
  'audit.chainIntact':
    'शृंखला अखंड: {count, plural, one {{count, number, ::group-off} प्रविष्टि} other {{count, number, ::group-off} प्रविष्टियाँ}}',
  'audit.checkingChain': 'शृंखला जाँची जा रही है…',
  'audit.loading': 'ऑडिट रिकॉर्ड लोड हो रहा है',
  'audit.noMatch': 'फ़िल्टर से कोई प्रविष्टि मेल नहीं खाती।',
  'audit.none': 'अभी कोई ऑडिट प्रविष्टि नहीं है।',
  'audit.older': 'पुरानी',
  'audit.loadingOlder': 'पुरानी लोड हो रही हैं…',
} as const satisfies Translation<typeof english>;
