import type { Translation } from '../../catalogue.ts';
import type { signIn as english } from '../en/signIn.ts';

export const signIn = {
  'signIn.form': 'साइन इन',
  'signIn.intro': 'अलर्ट देखने और उन पर कार्रवाई करने के लिए साइन इन करें।',
  'signIn.username': 'उपयोगकर्ता नाम',
  'signIn.password': 'पासवर्ड',
  'signIn.submit': 'साइन इन करें',
  'signIn.or': 'या',
  'signIn.newPasswordTitle': 'नया पासवर्ड चुनें',
  'signIn.newPasswordIntro':
    '{username} ने अस्थायी पासवर्ड से साइन इन किया है। डैशबोर्ड तक पहुँचने के लिए अपना पासवर्ड चुनें (कम से कम {min, number, ::group-off} अक्षर)।',
  'signIn.temporaryPassword': 'अस्थायी पासवर्ड',
  'signIn.newPassword': 'नया पासवर्ड',
  'signIn.newPasswordAgain': 'नया पासवर्ड दोबारा',
  'signIn.passwordsDiffer': 'दोनों नए पासवर्ड अलग हैं।',
  'signIn.savePassword': 'पासवर्ड सहेजें',
  'signIn.unreachable': 'सर्वर से संपर्क नहीं हो पा रहा; कुछ सेकंड में फिर कोशिश होगी।',
  'signIn.checking': 'साइन इन जाँचा जा रहा है…',
  'signIn.staleBanner': 'ऑफ़लाइन: {time} की अंतिम ज्ञात स्थिति दिखाई जा रही है। यहाँ कुछ भी लाइव नहीं है।',
  'signIn.staleRegion': 'क्षेत्र: {region}',
  'signIn.staleScore': 'सुरक्षा स्कोर (पुराना): {score}',
  'signIn.staleLastMessage': 'आख़िरी लाइव संदेश: {time}',
  'signIn.staleTable': 'अंतिम ज्ञात अलर्ट (पुराने)',
  'signIn.staleBadge': 'पुराना',
  'signIn.staleStatus': '{status} (अंतिम ज्ञात)',
  'signIn.staleNone': 'कोई अलर्ट नहीं दिखाया गया था।',
  'signIn.sessionEnded': 'आपका सत्र समाप्त हो गया है; फिर से साइन इन करें।',
} as const satisfies Translation<typeof english>;
