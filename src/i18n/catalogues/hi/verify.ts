import type { Translation } from '../../catalogue.ts';
import type { verify as english } from '../en/verify.ts';

// "Digital ID" is the name the tourist's app shows: it stays as it is. Bind = जोड़ें, unbind = अलग करें.
export const verify = {
  'verify.title': 'पर्यटक सत्यापन',
  'verify.intro':
    'पर्यटक के ऐप ने अपने आप जो Digital ID बनाया, वह किसी की पहचान साबित नहीं करता: उसके अलर्ट असत्यापित रहते हैं। पर्यटक का दस्तावेज़ जाँचें, उनके ऐप में दिखा Digital ID खोजें, और उसे उनसे जोड़ें।',
  'verify.field': 'Digital ID',
  'verify.fieldHint':
    'पर्यटक के ऐप से Digital ID टोकन या उसकी did:local आईडी चिपकाएँ, या ऐप के आईडी कार्ड का QR कोड स्कैन करें (हैंडहेल्ड स्कैनर इसी खाने में लिखता है)।',
  'verify.lookingUp': 'खोजा जा रहा है…',
  'verify.lookUp': 'खोजें',
  'verify.nothingFound': 'चिपकाए गए पाठ के लिए कुछ नहीं मिला।',
  'verify.card': 'Digital ID {did}',
  'verify.validUntil': 'टोकन {time} तक मान्य',
  'verify.issuedFor': 'पर्यटक {tourist} के लिए जारी: इस Digital ID को जोड़ने की ज़रूरत नहीं।',
  'verify.notBound': 'जुड़ा नहीं',
  'verify.unverifiedUntilBound': 'नीचे किसी पर्यटक से जुड़ने तक इसके अलर्ट असत्यापित रहेंगे।',
  'verify.bound': 'जुड़ा है',
  'verify.proves': '{tourist} की पहचान, {by} ने {time} पर जोड़ा।',
  'verify.unbind': 'अलग करें',
  'verify.bind': 'जोड़ें',
  'verify.notUsed': 'अभी तक किसी पर्यटक के साथ इस्तेमाल नहीं हुआ: पर्यटक से ऐप में पंजीकरण करने को कहें, फिर दोबारा खोजें।',
  'verify.bindTo': '{tourist} से जोड़ें',
  'verify.notRegistered': 'पंजीकृत नहीं',
  'verify.usedWith': '{did} किन पर्यटकों के साथ इस्तेमाल हुआ',
  'verify.tourist': 'पर्यटक',
  'verify.firstUsed': 'पहली बार',
  'verify.lastUsed': 'आख़िरी बार',
  'verify.action': 'कार्रवाई',
  'verify.confirmUnbind': '{tourist} से अलग करें?',
  'verify.confirmBind': '{tourist} से जोड़ें?',
  'verify.unbindConsequence': 'Digital ID {did}। जब तक कोई इसे फिर से न जोड़े, इसके अलर्ट फिर असत्यापित रहेंगे।',
  'verify.bindConsequence':
    'Digital ID {did}। पर्यटक का पहचान दस्तावेज़ जाँचने के बाद ही जोड़ें: अब से इस फ़ोन के अलर्ट उन्हीं के सत्यापित माने जाएँगे।',
  'verify.cancel': 'रद्द करें',
  'verify.notice.bound': 'जोड़ा गया: यह Digital ID अब {tourist} की पहचान साबित करता है; अब से उनके अलर्ट सत्यापित हैं।',
  'verify.notice.unbound': 'अलग किया गया: यह Digital ID अब {tourist} की पहचान साबित नहीं करता।',
} as const satisfies Translation<typeof english>;
