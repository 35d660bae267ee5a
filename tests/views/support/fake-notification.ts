// The Notification API without a desktop: the permission the test sets, requests the test answers,
// and every notification shown, with its click handler.
export class FakeNotification {
  static permission: NotificationPermission = 'default';
  static shown: FakeNotification[] = [];
  static requests = 0;
  private static pending: { resolve: (answer: NotificationPermission) => void; reject: (error: Error) => void }[] = [];

  static reset() {
    FakeNotification.permission = 'default';
    FakeNotification.shown = [];
    FakeNotification.requests = 0;
    FakeNotification.pending = [];
  }

  static requestPermission(): Promise<NotificationPermission> {
    FakeNotification.requests++;
    return new Promise((resolve, reject) => FakeNotification.pending.push({ resolve, reject }));
  }

  static answer(permission: NotificationPermission) {
    FakeNotification.permission = permission;
    FakeNotification.next().resolve(permission);
  }

  static refuse() {
    FakeNotification.next().reject(new Error('the browser would not ask'));
  }

  private static next() {
    const request = FakeNotification.pending.shift();
    if (!request) throw new Error('no permission request is waiting for an answer');
    return request;
  }

  onclick: ((event: Event) => void) | null = null;
  closed = false;

  constructor(
    readonly title: string,
    readonly options: NotificationOptions = {},
  ) {
    FakeNotification.shown.push(this);
  }

  close() {
    this.closed = true;
  }
}
