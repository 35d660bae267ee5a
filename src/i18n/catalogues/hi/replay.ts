import type { Translation } from '../../catalogue.ts';
import type { replay as english } from '../en/replay.ts';

// GPX, KML and GeoJSON are file formats: their names stay as they are.
export const replay = {
  'replay.titleOne': '{id} का रीप्ले',
  'replay.titleMany': '{count} पर्यटकों का रीप्ले',
  'replay.close': 'रीप्ले बंद करें',
  'replay.loading': 'रीप्ले लोड हो रहा है',
  'replay.loadingTracks': 'रास्ते लोड हो रहे हैं',
  'replay.loadingMap': 'नक्शा लोड हो रहा है',
  'replay.retry': 'फिर कोशिश करें',
  'replay.region': 'रीप्ले',
  'replay.empty': 'इस अवधि में कोई स्थिति नहीं भेजी गई।',
  'replay.mark': '{label}, {time} पर',
  'replay.markOf': '{label}, {time} पर ({tourist})',
  'replay.marks': 'घटनाएँ',
  'replay.timeline': 'रीप्ले की समयरेखा',
  'replay.time': 'रीप्ले का समय',
  'replay.clock': 'रीप्ले की घड़ी',
  'replay.controls': 'रीप्ले नियंत्रण',
  'replay.pause': 'रोकें',
  'replay.play': 'चलाएँ',
  'replay.speed': 'गति',
  'replay.follow': 'साथ चलें',
  'replay.export': 'निर्यात',
  'replay.exportGpx': 'GPX निर्यात',
  'replay.exportKml': 'KML निर्यात',
  'replay.exportGeoJson': 'GeoJSON निर्यात',
  'replay.trackOf': '{id} का रास्ता',
  'replay.summaryOf': '{id} का सारांश',
  'replay.summary': '{count} स्थितियाँ · दूरी {distance} · चलते हुए {moving} · रुके हुए {stopped}',
  'replay.truncated': 'इस अवधि की केवल पहली {count} स्थितियाँ दिखाई जा रही हैं: बाकी देखने के लिए छोटी अवधि चुनें।',
  'replay.noStop': '50 m के भीतर 5 मिनट या उससे लंबा कोई ठहराव नहीं।',
  'replay.stopsOf': '{id} के ठहराव',
  'replay.stoppedAt': 'कब रुका',
  'replay.duration': 'अवधि',
  'replay.position': 'स्थिति',
  'replay.alertMark':
    '{type, select, panic {पैनिक} safe {सुरक्षित} low_battery {कम बैटरी} status {स्थिति} silent {कोई संकेत नहीं} stranded {फँसा हुआ} fall {गिरना} vitals {स्वास्थ्य संकेत} band_removed {बैंड उतारा गया} other {{type}}} ({severity, select, high {उच्च} medium {मध्यम} low {निम्न} other {{severity}}})',
  'replay.entered':
    '{risk, select, none {{zone} में प्रवेश} other {{zone} में प्रवेश ({risk, select, red {लाल} yellow {पीला} green {हरा} other {{risk}}})}}',
  'replay.left':
    '{risk, select, none {{zone} से बाहर} other {{zone} से बाहर ({risk, select, red {लाल} yellow {पीला} green {हरा} other {{risk}}})}}',
} as const satisfies Translation<typeof english>;
