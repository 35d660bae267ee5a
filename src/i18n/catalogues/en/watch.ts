// Why the watch raised an incident, its pause and the drawer's line about it (issue 32).
export const watch = {
  'watch.why': 'Why it was raised',
  'watch.silent':
    'No report for {silentFor}; last seen{where, select, named { in {risk, select, red {Red} other {Yellow}} zone {zone}} risk { in a {risk, select, red {red} other {yellow}} zone} other {}} at {time} — limit {limit}{limitKind, select, redNight { in a red zone at night} red { in a red zone} yellow { in a yellow zone} night { at night} other {}}.',
  'watch.stranded':
    'Stayed in one place for {strandedFor}{where, select, named { in {risk, select, red {Red} other {Yellow}} zone {zone}} risk { in a {risk, select, red {red} other {yellow}} zone} other {}} — limit {limit}{limitKind, select, redNight { in a red zone at night} red { in a red zone} yellow { in a yellow zone} night { at night} other {}}.',
  'watch.lowBattery': 'Its last alert was a low battery.',
  'watch.demoLimits': '(demo limits)',
  'watch.fall': 'Band reported a fall.',
  'watch.removed': 'Band reported it was taken off.',
  'watch.tamper': 'Band reported tampering.',
  'watch.vitals':
    "{vital, select, spo2 {SpO2 {value} %} other {Heart rate {value} bpm}} {boundKind, select, max {above} other {below}} the region's {bound} limit.",
  'watch.reportedAgain': 'Reported again {time}',
  'watch.watched': 'Watched: silence and standing still raise incidents.',
  'watch.pausedUntil': 'Watch paused until {until} — {reason} (by {by})',
  'watch.needReason': 'Give a reason for the pause.',
  'watch.needEnd': 'Choose the date and time the pause ends.',
  'watch.endInPast': 'The pause must end in the future.',
  'watch.rule.silent':
    'Nothing received for {silentFor} (limit {limit}) since it was last seen{risk, select, red { in a red zone} yellow { in a yellow zone} other {}}{night, select, yes { at night} other {}}{battery, select, yes {, after a low battery alert} other {}}.',
  'watch.rule.stranded':
    'Stayed within {radius} m for {strandedFor} (limit {limit}){risk, select, red { in a red zone} yellow { in a yellow zone} other {}}{night, select, yes { at night} other {}}.',
} as const;
