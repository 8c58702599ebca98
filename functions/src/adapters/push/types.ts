/** A push and what a push driver does: the FCM and local drivers implement it, driver.ts picks one. */
export interface PushMessage {
  title: string;
  body: string;
  /** String values only, as FCM requires. */
  data?: Record<string, string>;
}

export type PushVerdict = 'sent' | 'invalid' | 'failed';

export interface PushResult {
  token: string;
  verdict: PushVerdict;
  error?: string;
}

export interface PushDriver {
  readonly name: 'fcm' | 'local';
  send(tokens: string[], message: PushMessage): Promise<PushResult[]>;
}
