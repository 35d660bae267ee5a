import type { Translation } from '../../catalogue.ts';
import type { frame as english } from '../en/frame.ts';

export const frame = {
  'frame.loadingAudit': 'ऑडिट रिकॉर्ड लोड हो रहा है…',
  'frame.loadingZones': 'ज़ोन लोड हो रहे हैं…',
  'frame.loadingVerify': 'पर्यटक सत्यापन लोड हो रहा है…',
  'frame.loadingAccounts': 'खाते लोड हो रहे हैं…',
  'frame.loadingRegions': 'क्षेत्र लोड हो रहे हैं…',
  'frame.loadingWebhooks': 'वेबहुक लोड हो रहे हैं…',
  'frame.push': 'इस डिवाइस पर पुश',
  'frame.pushUnavailable': 'यह ब्राउज़र यहाँ पुश संदेश नहीं पा सकता (इसके लिए https, सर्विस वर्कर और सूचनाओं की अनुमति चाहिए)।',
  'frame.pushOnlyFor': 'केवल इनके लिए पुश',
  'frame.pushOnlyForHint': 'जिन क्षेत्रों के लिए पुश करना है; कोई न चुनें तो हर क्षेत्र।',
  'frame.everyRegion': 'हर क्षेत्र',
  'frame.updateReady': 'कंसोल का नया संस्करण तैयार है।',
  'frame.updateWaits': 'कंसोल का नया संस्करण तैयार है। यह आपके रीलोड करने तक रुका रहेगा: पहले खुले पैनिक अलर्ट संभालें।',
  'frame.reloadNow': 'अभी रीलोड करें',
  'frame.storeDown': 'डेटाबेस {time} से उपलब्ध नहीं है।',
  'frame.storeDownMeanwhile':
    'नए पैनिक अलर्ट अब भी दर्ज किए जा रहे हैं और आते ही यहाँ दिखते हैं; कुछ डेटाबेस के फिर से उपलब्ध होने पर ही दिखेंगे। आप जो देख रहे हैं, वह पुराना हो सकता है।',
  'frame.stopped': 'बार-बार त्रुटि के कारण कंसोल रुक गया',
  'frame.reload': 'रीलोड',
  'frame.restarted': 'कंसोल में त्रुटि आई और वह फिर से शुरू हुआ',
  'frame.dismiss': 'हटाएँ',
  'frame.copy': 'कॉपी',
  'frame.copied': 'कॉपी हुआ',
  'frame.done': 'हो गया',
} as const satisfies Translation<typeof english>;
