/** The messages a channel carries and what a channel does: the WhatsApp and local channels implement it, channel.ts picks one. */
export interface OtpMessage {
  /** E.164 number of the recipient. */
  to: string;
  code: string;
  language: 'fr' | 'en';
}

/** A notice through an approved template (WhatsApp allows business-initiated messages by template only). */
export interface TemplateMessage {
  /** E.164 number of the recipient. */
  to: string;
  /** The approved template's name. */
  template: string;
  language: 'fr' | 'en';
  /** The body's parameters, in order. */
  params: string[];
  /** What makes the notice one (the event it tells of): the local channel records it once under it. */
  key: string;
}

export interface MessagingChannel {
  readonly name: 'whatsapp' | 'local';
  /** Sends the code; resolves with the platform's message id, rejects when it was not accepted. */
  sendOtp(message: OtpMessage): Promise<{ messageId: string }>;
  /** Sends a template notice; resolves with the platform's message id, rejects when it was not accepted. */
  sendTemplate(message: TemplateMessage): Promise<{ messageId: string }>;
}
